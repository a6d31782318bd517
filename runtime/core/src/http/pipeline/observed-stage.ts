import { RequestAbortedException } from '../../exceptions/request-exceptions.js';
import type { CallObservation } from '../../telemetry/call-observation.js';
import type { HttpRequestFacts, HttpRouteTelemetry } from '../../telemetry/http-route-telemetry.js';
import type { HostExchange } from './host-exchange.js';
import type { RouteStage } from './route-stage.js';

/** The status of a call whose client left before anything was answered. */
const ABORTED_STATUS = new RequestAbortedException().status;

/** A request's facts, read from the port only when the telemetry asks. */
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
 * Telemetry around a route's stages, applied only when the application observes something: every
 * answer carries its `X-Request-Id`, the stages run in its span, it ends with the answered status.
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
