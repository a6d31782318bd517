import type { ErrorReport } from '../../answer-rules.js';
import type { HttpRoute } from '../../http-route.js';
import { sendError } from '../../pipeline/answer-stage.js';
import { eventStreamStage } from '../../pipeline/event-stream-stage.js';
import type { HostHandler } from '../../pipeline/route-dispatch.js';
import { routeStage } from '../../pipeline/route-stage.js';
import type { ServedHttp } from '../../served-http.js';
import type { StreamServing } from '../../streaming/stream-serving.js';
import { EventStreamUpgradeException } from '../../streaming/websocket/upgrade-exceptions.js';
import type { HttpRequestFacts, HttpRouteTelemetry } from '../../../telemetry/http-route-telemetry.js';
import { isNodeUpgrade } from '../node/websocket/node-upgrade-env.js';
import type { WebExchange } from './web-exchange.js';

/** What a host passed beside the `Request` (`ServerBindings`, or a server's own env). */
export type WebBindings = object | undefined;
/** A handler of the web adapter: the port itself, and the host's bindings. */
export type WebHandler = HostHandler<WebExchange, WebBindings>;

/**
 * The web adapter's handler of a route: its stages (`routeStage`, `eventStreamStage`: the same as
 * on every host) over the `WebExchange`, in its observation when the route is observed. An
 * upgrade request handed over by the Node upgrade listener to an `@Sse()` route is refused (400).
 *
 * @example
 * const handler = webRoute(route, served);
 */
export function webRoute(route: HttpRoute, served: ServedHttp): WebHandler {
  const { entry } = route;
  const { report } = served;
  const routeHeaders = served.extensions.routeHeaders;
  let handler: WebHandler;
  if (entry.stream === 'websocket' && served.streaming) handler = webSocketRoute(route, served.streaming, report);
  else if (entry.stream === 'sse' && served.streaming) {
    const stage = eventStreamStage(route, served.streaming, report, routeHeaders);
    handler = (exchange, bindings, path, values, observation) =>
      isNodeUpgrade(bindings)
        ? sendError(exchange, new EventStreamUpgradeException(entry.path), entry.name, report, { path, observation }, undefined)
        : stage(exchange, path, values, observation);
  } else {
    const stage = routeStage(route, { bodyLimit: served.bodyLimit, report, routeHeaders });
    handler = (exchange, _bindings, path, values, observation) => stage(exchange, path, values, observation);
  }
  // Routes of an application that observes nothing keep their handler as it is.
  return route.telemetry ? observedWebRoute(route.telemetry, handler) : handler;
}

/**
 * A `@Ws()` route on the web adapter: the upgrade is Deno's (or the Node upgrade listener's
 * handed over), through the route's Hono handler until upgrades are a pipeline stage; Hono
 * loads with the first such request.
 */
function webSocketRoute(route: HttpRoute, serving: StreamServing, report: ErrorReport): WebHandler {
  let app: Promise<{ fetch(request: Request, env?: object): Response | Promise<Response> }> | undefined;
  return (exchange, bindings, path, _values, observation) => {
    app ??= Promise.all([import('hono'), import('./websocket/websocket-route.js')]).then(([{ Hono }, { webSocketRoute: socketRoute }]) =>
      new Hono({ strict: false }).all(route.entry.path, socketRoute(route, serving, report)),
    );
    app
      .then((served) => served.fetch(exchange.request, bindings as object))
      .then(
        (response) => exchange.sendResponse(response, undefined),
        (error: unknown) => sendError(exchange, error, route.entry.name, report, { path, observation }, undefined),
      );
  };
}

/** The HTTP facts of a request on the web adapter, read only when the telemetry asks for them. */
class WebRequestFacts implements HttpRequestFacts {
  constructor(
    private readonly exchange: WebExchange,
    private readonly bindings: WebBindings,
    readonly path: string,
  ) {}
  get method(): string {
    return this.exchange.method;
  }
  get scheme(): string {
    return this.exchange.secure ? 'https' : 'http';
  }
  get protocolVersion(): string | undefined {
    // Node's request, when @hono/node-server handed it over (`FRAMEWORK_HTTP_ADAPTER=web`).
    const version = (this.bindings as { incoming?: { httpVersion?: unknown } } | undefined)?.incoming?.httpVersion;
    return typeof version === 'string' ? (version === '2.0' ? '2' : version) : undefined;
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
 * Wraps a handler of the web adapter in its observation: the request id answered in
 * `X-Request-Id` (unless the answer sets it), the span the handler runs in, and the end of the
 * span, metrics and request line with the answer's status, once the answer is given.
 *
 * @example
 * const handler = route.telemetry ? observedWebRoute(route.telemetry, inner) : inner;
 */
export function observedWebRoute(telemetry: HttpRouteTelemetry, handler: WebHandler): WebHandler {
  return (exchange, bindings, path, values) => {
    const observation = telemetry.begin(new WebRequestFacts(exchange, bindings, path));
    exchange.presetHeader('x-request-id', observation.requestId);
    void exchange.response.then((response) => observation.end(response.status));
    // The handlers answer their errors themselves: nothing is thrown out of them.
    observation.run(() => handler(exchange, bindings, path, values, observation));
  };
}
