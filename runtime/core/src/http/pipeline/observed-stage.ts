import { RequestAbortedException } from '../../exceptions/request-exceptions.js';
import type { CallObservation } from '../../telemetry/call-observation.js';
import type { HttpRequestFacts, HttpRouteTelemetry } from '../../telemetry/http-route-telemetry.js';
import type { HostExchange } from './host-exchange.js';
import type { RouteStage } from './route-stage.js';

/** The status of a call whose client left before anything was answered: the answer its call gets. */
const ABORTED_STATUS = new RequestAbortedException().status;

/** The HTTP facts of a request, read from the port only when the telemetry asks for them. */
class ExchangeFacts implements HttpRequestFacts {
  constructor(
    private readonly exchange: HostExchange,
    readonly path: string,
  ) {}
  get method(): string {
    return this.exchange.method;
  }
  get scheme(): string {
    return this.exchange.secure ? 'https' : 'http';
  }
  get protocolVersion(): string | undefined {
    return this.exchange.protocolVersion;
  }
  get remoteAddress(): string {
    return this.exchange.remoteAddress();
  }
  header(name: string): string | undefined {
    return this.exchange.header(name);
  }
  headers(): Record<string, string> {
    return this.exchange.headers();
  }
}

/**
 * Telemetry's begin and end around a route's stages, over the host port: every answer carries
 * its request id (`X-Request-Id`), the stages run in its span, and it ends with the status the
 * port answered when the exchange is over (a client gone first: aborted). Applied at `init` only
 * when the application observes something.
 */
export function observedStage(telemetry: HttpRouteTelemetry, stage: RouteStage): RouteStage {
  return (exchange, path, values) => {
    const observation = beginObservation(telemetry, exchange, path);
    observation.run(() => stage(exchange, path, values, observation));
  };
}

/** The begin of `observedStage` alone, for the routing's answers without a route. */
export function beginObservation(telemetry: HttpRouteTelemetry, exchange: HostExchange, path: string): CallObservation {
  const observation = telemetry.begin(new ExchangeFacts(exchange, path));
  exchange.setAnswerHeader('x-request-id', observation.requestId);
  exchange.onClose((complete) => {
    if (!complete) observation.clientGone();
    observation.end(exchange.status ?? ABORTED_STATUS);
  });
  return observation;
}
