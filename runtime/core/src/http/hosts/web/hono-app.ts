import { Hono } from 'hono';
import { webRoute } from './web-route.js';
import { routeStage } from '../../pipeline/route-stage.js';
import { registerHeadRoute } from './head-routes.js';
import { observedRoute } from './observed-route.js';
import { errorResponse, type ErrorReport } from './respond.js';
import type { HonoRouteHandler } from './route-handler.js';
import { ALL_METHODS, type HttpRoute } from '../../http-route.js';
import type { HttpRouteTelemetry, ObservedRoute } from '../../../telemetry/http-route-telemetry.js';
import type { HttpEnv } from '../../served-http.js';
import type { StaticRoute } from '../../../contract/static-route.js';
import type { PipelineExtensions } from '../../pipeline/extension-points.js';
import { tableDecision, type MethodTable } from '../../pipeline/table-decision.js';
import { decidedByTable, prefixMiddleware } from './pipeline-stages.js';

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

  for (const route of ordered) {
    const { entry } = route;
    const inner =
      options.streamRoute?.(route) ??
      webRoute(route, routeStage(route, { ...options, routeHeaders: options.extensions.routeHeaders }));
    // Routes of an application that observes nothing keep their handler as it is.
    const handler = route.telemetry ? observedRoute(route.telemetry, inner) : inner;
    if (entry.method === 'HEAD') {
      registerHeadRoute(app, entry.path, [handler]);
      continue;
    }
    const methods = entry.method === 'ALL' ? [...ALL_METHODS] : [entry.method];
    app.on(methods, entry.path, handler);
  }

  const observed = (route: ObservedRoute | undefined, handler: HonoRouteHandler): HonoRouteHandler => {
    const telemetry = options.telemetryOf?.(route);
    return telemetry ? observedRoute(telemetry, handler) : handler;
  };
  // Served beside the routes (the docs page): plain GETs outside the request chain.
  for (const route of options.staticRoutes ?? []) app.get(route.path, observed({ method: 'GET', path: route.path }, (c) => route.respond(c.req.raw)));

  // Requests no route matched (the Node-native path hands them here too) are observed as well:
  // a flood of unknown paths is worth seeing.
  // The table decides first: a path served under other methods is a 405 with `Allow`, or OPTIONS's 204.
  const decide = tableDecision(options.methods, options.extensions.preflight, options.extensions.routeHeaders);
  app.notFound(observed(undefined, (c) => decidedByTable(c, decide) ?? c.json({ status: 404, name: 'NotFoundException', message: 'Not found' }, 404)));
  app.onError((error, c) => errorResponse(c, error, 'the HTTP adapter', options.report));
  return app;
}
