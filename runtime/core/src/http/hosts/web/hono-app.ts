import { Hono } from 'hono';
import { webRoute, webStage } from './web-route.js';
import { routeStage } from '../../pipeline/route-stage.js';
import { registerHeadRoute } from './head-routes.js';
import { errorResponse, type ErrorReport } from './respond.js';
import type { HonoRouteHandler } from './route-handler.js';
import { ALL_METHODS, type HttpRoute } from '../../http-route.js';
import type { HttpRouteTelemetry, ObservedRoute } from '../../../telemetry/http-route-telemetry.js';
import type { HttpEnv } from '../../served-http.js';
import type { StaticRoute } from '../../../contract/static-route.js';
import type { PipelineExtensions } from '../../pipeline/extension-points.js';
import { tableDecision, type MethodTable } from '../../pipeline/table-decision.js';
import { prefixMiddleware } from './pipeline-stages.js';
import { sendError, sendJson } from '../../pipeline/answer-stage.js';
import type { RouteStage } from '../../pipeline/route-stage.js';
import { routedPath } from '../../pipeline/request-path.js';
import { byVersion } from '../../versioning/version-rule.js';

const NOT_FOUND = { status: 404, name: 'NotFoundException', message: 'Not found' };

/**
 * Registers the prepared routes on a Hono app: one handler closure per route, built once.
 * `strict: false` makes `/todo` and `/todo/` the same route. `@Head()` routes are registered
 * first, as `registerHeadRoute` requires.
 */
export function buildHonoApp(
  routes: readonly HttpRoute[],
  options: {
    readonly bodyLimit: number;
    readonly report: ErrorReport;
    /** The methods of every path, for the answers the table decides (405, OPTIONS). */
    readonly methods: MethodTable;
    readonly extensions: PipelineExtensions;
    readonly staticRoutes?: readonly StaticRoute[];
    /** The handler of a streaming route (`@Sse()`, `@Ws()`), served by `http/streaming/` through this adapter; undefined for other routes. */
    readonly streamRoute?: (route: HttpRoute) => HonoRouteHandler | undefined;
    /** The telemetry of a static route (by path) and of requests no route matched; absent when nothing is observed. */
    readonly telemetryOf?: (route: ObservedRoute | undefined) => HttpRouteTelemetry | undefined;
  },
): Hono<HttpEnv> {
  const app = new Hono<HttpEnv>({ strict: false });
  // The stage before routing, only when a capability answers by prefix (static files).
  if (options.extensions.prefixes.length > 0) app.use('*', prefixMiddleware(options.extensions.prefixes));
  const ordered = [...routes.filter((route) => route.entry.method === 'HEAD'), ...routes.filter((route) => route.entry.method !== 'HEAD')];
  const pairs: { route: HttpRoute; handler: HonoRouteHandler }[] = [];

  for (const route of ordered) {
    const { entry } = route;
    // Observed by `webRoute` when the route is.
    const handler = options.streamRoute?.(route) ?? webRoute(route, routeStage(route, { ...options, routeHeaders: options.extensions.routeHeaders }));
    if (entry.method === 'HEAD') {
      registerHeadRoute(app, entry.path, [handler]);
      continue;
    }
    pairs.push({ route, handler });
  }
  // Routes of one path told apart by a version header: one handler picks, or answers 404.
  for (const { route, handler } of byVersion(pairs, (name, c) => c.req.header(name), (c) => c.json(NOT_FOUND, 404))) {
    const { entry } = route;
    const methods = entry.method === 'ALL' ? [...ALL_METHODS] : [entry.method];
    app.on(methods, entry.path, handler);
  }

  const telemetryOf = (route: ObservedRoute | undefined) => options.telemetryOf?.(route);
  // Served beside the routes (the docs page): plain GETs outside the request chain.
  for (const route of options.staticRoutes ?? []) app.get(route.path, webStage(staticStage(route, options.report), telemetryOf({ method: 'GET', path: route.path })));

  // Requests no route matched (the Node-native path hands them here too) are observed as well:
  // a flood of unknown paths is worth seeing.
  // The table decides first: a path served under other methods is a 405 with `Allow`, or OPTIONS's 204.
  const decide = tableDecision(options.methods, options.extensions.preflight, options.extensions.routeHeaders);
  const unmatched: RouteStage = (exchange, path) => {
    if (!decide(exchange, routedPath(path), undefined)) void sendJson(exchange, 404, NOT_FOUND, undefined);
  };
  app.notFound(webStage(unmatched, telemetryOf(undefined)));
  app.onError((error, c) => errorResponse(c, error, 'the HTTP adapter', options.report));
  return app;
}

/** A static route (the docs page's files) as a stage: its `Response`, or the error answer. */
function staticStage(route: StaticRoute, report: ErrorReport): RouteStage {
  return (exchange, path, _values, observation) =>
    void Promise.resolve()
      .then(() => route.respond(exchange.webRequest(new AbortController().signal, undefined)))
      .then((response) => exchange.sendResponse(response, undefined))
      .catch((error: unknown) => sendError(exchange, error, 'the HTTP adapter', report, { path, observation }, undefined));
}
