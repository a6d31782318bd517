import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { HttpRoute } from '../../http-route.js';
import type { ServedHttp } from '../../served-http.js';
import { routeStage, type RouteStage } from '../../pipeline/route-stage.js';
import { eventStreamStage } from '../../pipeline/event-stream-stage.js';
import { sendError } from '../../pipeline/answer-stage.js';
import { observedStage } from '../../pipeline/observed-stage.js';
import { NodeExchange } from './node-exchange.js';
import { routeDispatch, type HostDispatch, type HostHandler } from '../../pipeline/route-dispatch.js';

type NodeRouteHandler = HostHandler<IncomingMessage, ServerResponse>;
import { pathOfTarget } from '../../pipeline/request-path.js';
import { normalisedTarget } from '../../pipeline/request-target.js';
import { UpgradeRequiredException } from '../../streaming/websocket/upgrade-exceptions.js';
import { nodeStaticHandler } from './static-files-listener.js';

/** The node adapter's request listener: the routing over Node's objects, behind the target's normalisation. */
export function nodeRequestListener(served: ServedHttp, hostname: string | undefined): RequestListener {
  return normalisingTarget(hostname, routeDispatch(served, nodeHost(served)));
}

/** Reads a request's target once as a URL would and hands `next` the routed path; a target no URL reads is a bodiless 400. */
export function normalisingTarget(hostname: string | undefined, next: (incoming: IncomingMessage, outgoing: ServerResponse, path: string) => void): RequestListener {
  return (incoming, outgoing) => {
    const path = nativePathOf(incoming, hostname);
    if (path === undefined) return void outgoing.writeHead(400, { 'transfer-encoding': 'chunked' }).end();
    next(incoming, outgoing, path);
  };
}

function nodeHost(served: ServedHttp): HostDispatch<IncomingMessage, ServerResponse> {
  return {
    exchangeOf: (incoming, outgoing) => new NodeExchange(incoming, outgoing),
    method: (incoming) => incoming.method!,
    routeHandler: (route) => nodeRoute(route, served),
    staticHandler: nodeStaticHandler,
  };
}

/**
 * A route's handler over Node's objects. Its stages are made on the route's first request, not at
 * `listen`: a start then makes those of the routes it is asked for only (making all of them cost
 * the example's start about 0.1 ms and 60 KB of a young generation it already fills).
 */
function nodeRoute(route: HttpRoute, served: ServedHttp): NodeRouteHandler {
  let observed: RouteStage | undefined;
  return (incoming, outgoing, path, values) => (observed ??= nodeRouteStage(route, served))(new NodeExchange(incoming, outgoing), path, values, undefined);
}

/** A route's stages; a plain request to a `@Ws()` route is a 426 (upgrades come by the 'upgrade' event). */
function nodeRouteStage(route: HttpRoute, served: ServedHttp): RouteStage {
  const { entry } = route;
  const routeHeaders = served.extensions.routeHeaders;
  const stage: RouteStage =
    entry.stream === 'websocket'
      ? (exchange, path, _values, observation) => sendError(exchange, new UpgradeRequiredException(entry.path), entry.name, served.report, { path, observation }, undefined)
      : entry.stream === 'sse' && served.streaming
        ? eventStreamStage(route, served.streaming, served.report, routeHeaders)
        : routeStage(route, { bodyLimit: served.bodyLimit, report: served.report, routeHeaders });
  return route.telemetry ? observedStage(route.telemetry, stage) : stage;
}

/**
 * The routed path of a Node request, undefined when no URL reads it; the target is normalised in
 * place, so every later reader sees the same. `hostname` stands in for a missing `Host`.
 */
export function nativePathOf(incoming: IncomingMessage, hostname?: string): string | undefined {
  try {
    const { headers } = incoming;
    const url = incoming.url ?? '';
    const fallback = (headers[':authority'] as string | undefined) ?? hostname;
    const target = normalisedTarget(url, headers, fallback, (incoming.socket as TLSSocket).encrypted ? 'https' : 'http');
    if (target !== url) incoming.url = target;
    return pathOfTarget(target);
  } catch {
    return undefined;
  }
}
