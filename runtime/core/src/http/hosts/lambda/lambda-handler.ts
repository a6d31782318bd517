import { HttpException } from '../../../exceptions/http-exception.js';
import { kindOf, type LambdaHttpEvent } from './events.js';
import { requestOf, sourceIpOf, type HostRefusal } from './event-request.js';
import { MethodNotAllowedException } from '../../../exceptions/built-in.js';
import { resultOf, type LambdaHttpResult } from './response-result.js';

/** What `lambdaHandler` serves: anything with the application's `fetch` (a `FrameworkApplication` once `init` ran). */
export interface FetchingApplication {
  readonly fetch: (request: Request, bindings?: { remoteAddress(): string }) => Response | Promise<Response>;
}

/** The application, or how to start it: called once per container, on the first event. */
export type ApplicationSource = FetchingApplication | (() => FetchingApplication | Promise<FetchingApplication>);

/** A Lambda handler of HTTP events: the Node.js runtime calls it with each event. */
export type LambdaHttpHandler = (event: unknown, context?: unknown) => Promise<LambdaHttpResult>;

/**
 * The AWS Lambda handler of an application, for API Gateway's HTTP API (payload 2.0) and REST
 * API (1.0), function URLs and Application Load Balancers: each event becomes a Web `Request`
 * served by `app.fetch` (the same routes, chain and answers as on a server), and the answer the
 * result the event's kind expects (cookies, repeated headers, base64 for binary bodies). Given a
 * function, it starts the application once per container, on the first event, and every later
 * event of the container reuses it; a start that fails is retried by the next event. An event of
 * no known shape is an `UnknownLambdaEventError` naming the shape, not a crash; one with a member
 * of the wrong type a `MalformedLambdaEventError` naming the member; what a client sent that no
 * request can carry (a header name that is not a token, a body marked base64 that is not) a 400.
 *
 * @example
 * // handler.ts, the function's entry (`handler.handler`)
 * import { lambdaHandler } from '@framework/core/lambda';
 * export const handler = lambdaHandler(async () => new FrameworkApplication(tables).init(AppModule));
 */
export function lambdaHandler(source: ApplicationSource): LambdaHttpHandler {
  const started = startOnce(source);
  return async (event) => {
    const kind = kindOf(event);
    const app = await started();
    const http = event as LambdaHttpEvent;
    const address = sourceIpOf(http, kind);
    const request = requestOf(http, kind);
    if (!(request instanceof Request)) return resultOf(refusalResponse(request), kind);
    const response = await app.fetch(request, { remoteAddress: () => address });
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      // An event stream never ends: buffering it would hold the invocation until its timeout.
      void response.body?.cancel().catch(() => undefined);
      return resultOf(errorResponse(new HttpException(501, `${request.method} ${new URL(request.url).pathname} answers an event stream, which a buffered Lambda handler cannot send: serve it with lambdaStreamingHandler (a function URL in RESPONSE_STREAM mode).`)), kind);
    }
    return resultOf(response, kind);
  };
}

/** The answer to an event no request can be made of: a 405 as a server's, else a 400 saying why. */
export function refusalResponse(refusal: HostRefusal): Response {
  return errorResponse(refusal.status === 405 ? new MethodNotAllowedException() : new HttpException(400, refusal.refused));
}

/** The framework's JSON answer for an exception, as a server would send it. */
export function errorResponse(error: HttpException): Response {
  return new Response(JSON.stringify(error), { status: error.status, headers: { 'content-type': 'application/json' } });
}

/**
 * The application of `source`, started on first need and kept; a failed start is forgotten, so
 * the next call tries again instead of failing every event of the container.
 */
export function startOnce(source: ApplicationSource): () => Promise<FetchingApplication> {
  if (typeof source !== 'function') return () => Promise.resolve(source);
  let starting: Promise<FetchingApplication> | undefined;
  return () => {
    starting ??= Promise.resolve()
      .then(source)
      .catch((error: unknown) => {
        starting = undefined;
        throw error;
      });
    return starting;
  };
}
