import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { writeError } from './node-answer.js';
import { ALL_METHODS, type HttpRoute } from '../../http-route.js';
import type { StreamServing } from '../../streaming/stream-serving.js';
import { CompiledRouter } from '../../compiled-router.js';
import type { RouteStageOptions } from '../../pipeline/route-stage.js';
import { routeStage, type RouteStage } from '../../pipeline/route-stage.js';
import { eventStreamStage } from '../../pipeline/event-stream-stage.js';
import { observedStage } from '../../pipeline/observed-stage.js';
import { NodeExchange } from './node-exchange.js';
import type { PipelineExtensions } from '../../pipeline/extension-points.js';
import { answerByPrefix } from '../../pipeline/prefix-stage.js';
import { routedPath } from '../../pipeline/request-path.js';
import { tableDecision, type MethodTable } from '../../pipeline/table-decision.js';
import type { HttpRouteTelemetry } from '../../../telemetry/http-route-telemetry.js';
import { byVersion } from '../../versioning/version-rule.js';
import { requestHeaderOf } from './request-headers.js';

/** Serves one matched request of a route: `path` as the router matched it, `values` its parameters in order. */
type NodeRouteHandler = (incoming: IncomingMessage, outgoing: ServerResponse, path: string, values: readonly string[]) => void;

// The request targets and hosts @hono/node-server passes on as they are (its own checks): any
// other (percent-encoding, dot segments, an unusual Host) it normalises through `new URL`, so
// those requests are handed to it, and both paths see the same URL.
const plainTarget = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const dotSegment = /\/\.\.?(?:[/?#]|$)/;
const plainHost = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * The request listener of the Node-native path: compiled routes served from `IncomingMessage` and
 * `ServerResponse` directly (`nodeRouteHandler`), without a Web `Request`, a Hono context or a
 * `Response`. Whatever it does not serve itself goes to `fallback` (the Hono app on
 * @hono/node-server), with the same answer as before: HEAD requests, paths that match no route
 * (404, the docs page), and URLs or hosts that need normalising. `undefined` when a route path
 * uses syntax its router does not have (wildcards, optional or pattern parameters): the whole
 * application is then served by `fallback`.
 *
 * @example
 * const listener = nodeNativeListener(routes, { bodyLimit, report }, getRequestListener(app.fetch)) ?? fallback;
 * http.createServer(listener);
 */
export function nodeNativeListener(
  routes: readonly HttpRoute[],
  options: RouteStageOptions & {
    readonly streaming?: StreamServing;
    readonly methods: MethodTable;
    readonly extensions: PipelineExtensions;
    readonly unmatchedTelemetry?: HttpRouteTelemetry;
  },
  fallback: RequestListener,
): RequestListener | undefined {
  if (!routes.every((route) => CompiledRouter.serves(route.entry.path))) return undefined;
  const router = new CompiledRouter<NodeRouteHandler>();
  const pairs: { route: HttpRoute; handler: NodeRouteHandler }[] = [];
  for (const route of routes) {
    const { entry } = route;
    // A @Head() route answers HEAD requests only, and those go to Hono (which strips GET's body).
    if (entry.method === 'HEAD') continue;
    // Event streams have their own handler (`http/streaming/`); a `@Ws()` route's upgrades are served by the
    // server's 'upgrade' listener, and a plain request to it goes to Hono (a 426).
    const handler: NodeRouteHandler =
      entry.stream === 'sse' && options.streaming
        ? nodeRoute(route, eventStreamStage(route, options.streaming, options.report, options.extensions.routeHeaders))
        : entry.stream
          ? (incoming, outgoing) => fallback(incoming, outgoing)
          : nodeRoute(route, routeStage(route, { ...options, routeHeaders: options.extensions.routeHeaders }));
    pairs.push({ route, handler });
  }
  // Routes of one path told apart by a version header: one handler picks; no fitting version goes to Hono (a 404).
  for (const { route, handler } of byVersion(pairs, (name, incoming) => requestHeaderOf(incoming, name), (incoming, outgoing) => fallback(incoming, outgoing))) {
    const { entry } = route;
    for (const method of entry.method === 'ALL' ? ALL_METHODS : [entry.method]) router.add(method, entry.path, handler);
  }
  // The table-decided stage (405, OPTIONS), over the port; observed as the web adapter observes its unmatched requests.
  const decide = tableDecision(options.methods, options.extensions.preflight, options.extensions.routeHeaders);
  // Answered after the parser is done with the bytes at hand, as the web adapter answers (Hono's
  // unmatched requests go through a promise): a malformed body behind the head is then the
  // parser's 400 on both, rather than this answer first.
  const decided: RouteStage = (exchange, path) => void Promise.resolve().then(() => decide(exchange, path, undefined));
  const tableStage = options.unmatchedTelemetry ? observedStage(options.unmatchedTelemetry, decided) : decided;
  const tableAnswer: NodeRouteHandler = (incoming, outgoing, path) => tableStage(new NodeExchange(incoming, outgoing), path, [], undefined);
  const route = (incoming: IncomingMessage, outgoing: ServerResponse, path: string): void => {
    const match = router.match(incoming.method!, path);
    if (match !== undefined) return match.handler(incoming, outgoing, path, match.values);
    if (options.methods.decides(incoming.method!, path)) return tableAnswer(incoming, outgoing, path, []);
    fallback(incoming, outgoing);
  };
  const { prefixes } = options.extensions;
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const path = nativePathOf(incoming);
    if (path === undefined) return fallback(incoming, outgoing);
    if (prefixes.length === 0) return route(incoming, outgoing, path);
    // The stage before routing, only when a capability answers by prefix (static files).
    answerByPrefix(prefixes, new NodeExchange(incoming, outgoing), path).then(
      (answered) => answered || route(incoming, outgoing, path),
      (error: unknown) => writeError(outgoing, error, 'the HTTP adapter', options.report, { incoming, path, observation: undefined }, undefined),
    );
  };
}

/**
 * The path of a request the Node-native path routes itself, as Hono's `c.req.path` gives it (a
 * trailing slash dropped: what the router matches, the call's `path`, what logs and spans name);
 * undefined for one it hands to Hono (HEAD, a URL or a host that needs normalising).
 *
 * @example
 * nativePathOf(incoming); // '/todo/42' for GET /todo/42/?x=1
 */
export function nativePathOf(incoming: IncomingMessage): string | undefined {
  const url = incoming.url!;
  const host = incoming.headers.host;
  if (incoming.method === 'HEAD' || host === undefined || !plainHost.test(host) || !plainTarget.test(url) || dotSegment.test(url)) return undefined;
  return routedPath(pathOf(url));
}


/** The path of a request target: up to its query or fragment. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * A route's stages (`routeStage`, `eventStreamStage`) over Node's request and response, in its observation when the
 * route is observed. Its parameters' values need no decoding: a target with a percent-escape is
 * handed to the web adapter.
 */
function nodeRoute(route: HttpRoute, stage: RouteStage): NodeRouteHandler {
  // Routes of an application that observes nothing keep their stages as they are.
  const served = route.telemetry ? observedStage(route.telemetry, stage) : stage;
  return (incoming, outgoing, path, values) => served(new NodeExchange(incoming, outgoing), path, values, undefined);
}
