import type { Context } from 'hono';
import type { CallObservation } from '../../../telemetry/call-observation.js';
import type { HttpRequestFacts, HttpRouteTelemetry } from '../../../telemetry/http-route-telemetry.js';
import { isThenable } from '../../../types/thenable.js';
import { HttpException } from '../../../exceptions/http-exception.js';
import { connectionAddress } from './hosted-address.js';
import { requestHeader } from './request-header.js';
import type { HttpEnv } from '../../served-http.js';

/** Where a route's handler and `errorResponse` find the request's observation on the Hono context. */
const OBSERVATION = 'framework.observation';

/** The observation of the request `c` carries, when its route is observed. */
export function observationOf(c: Context): CallObservation | undefined {
  return c.get(OBSERVATION as never) as CallObservation | undefined;
}

/** The HTTP facts of a Hono request, read only when the telemetry asks for them. */
class HonoRequestFacts implements HttpRequestFacts {
  constructor(private readonly c: Context<HttpEnv>) {}
  get method(): string {
    return this.c.req.method;
  }
  get scheme(): string {
    return this.c.req.url.startsWith('https:') ? 'https' : 'http';
  }
  get path(): string {
    return this.c.req.path;
  }
  get protocolVersion(): string | undefined {
    const version = (this.c.env as { incoming?: { httpVersion?: unknown } } | undefined)?.incoming?.httpVersion;
    return typeof version === 'string' ? (version === '2.0' ? '2' : version) : undefined;
  }
  get remoteAddress(): string {
    return connectionAddress(this.c);
  }
  header(name: string): string | undefined {
    return requestHeader(this.c, name);
  }
  headers(): Record<string, string> {
    return this.c.req.header();
  }
}

type RouteHandler = (c: Context<HttpEnv>) => Response | Promise<Response>;

/**
 * Wraps a route's handler (body limit included) in its observation: the request id answered in
 * `X-Request-Id`, the span the chain runs in, and the end of the span, metrics and request line
 * with the answer's status. Applied at `init` only to routes of an application that observes
 * something; the others keep their handler as it is.
 *
 * @example
 * const handler = telemetry ? observedRoute(telemetry, inner) : inner;
 */
export function observedRoute(telemetry: HttpRouteTelemetry, handler: RouteHandler): RouteHandler {
  return (c) => {
    const observation = telemetry.begin(new HonoRequestFacts(c));
    c.set(OBSERVATION as never, observation as never);
    c.header('x-request-id', observation.requestId);
    let answer: Response | Promise<Response>;
    try {
      answer = observation.run(() => handler(c));
    } catch (error) {
      // Hono's onError answers it, through errorResponse.
      observation.fail(error);
      observation.end(statusOf(error));
      throw error;
    }
    if (!isThenable(answer)) {
      observation.end(answer.status);
      return answer;
    }
    return answer.then(
      (response) => {
        observation.end(response.status);
        return response;
      },
      (error: unknown) => {
        observation.fail(error);
        observation.end(statusOf(error));
        throw error;
      },
    );
  };
}

/** The status `errorResponse` answers an error with. */
function statusOf(error: unknown): number {
  return error instanceof HttpException ? error.status : 500;
}
