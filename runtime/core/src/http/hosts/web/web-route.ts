import type { Context } from 'hono';
import type { HttpRoute } from '../../http-route.js';
import type { HttpRouteTelemetry } from '../../../telemetry/http-route-telemetry.js';
import { observedStage } from '../../pipeline/observed-stage.js';
import type { RouteStage } from '../../pipeline/route-stage.js';
import type { HttpEnv } from '../../served-http.js';
import type { HonoRouteHandler } from './route-handler.js';
import { WebExchange } from './web-exchange.js';

/**
 * The Hono handler of a route: its stages (`routeStage`, `eventStreamStage`, `upgradeStage`: the
 * same as on every host) over a `WebExchange`, with the parameters Hono matched (decoded), in
 * the route's observation (`observedStage`) when it is observed.
 *
 * @example
 * app.on('GET', '/todo/:id', webRoute(route, routeStage(route, { bodyLimit, report })));
 */
export function webRoute(route: HttpRoute, stage: RouteStage): HonoRouteHandler {
  const { paramNames } = route;
  return webStage(stage, route.telemetry, (c) => (paramNames.length === 0 ? paramNames : paramNames.map((name) => c.req.param(name) as string)));
}

const noValues = (): readonly string[] => [];

/**
 * A stage as a Hono handler over a `WebExchange` (a route's, or one answering outside the routes:
 * the table's answers, the docs page), observed with `telemetry` when there is one.
 *
 * @example
 * app.notFound(webStage((exchange, path) => void sendJson(exchange, 404, notFound, undefined), unmatchedTelemetry));
 */
export function webStage(stage: RouteStage, telemetry: HttpRouteTelemetry | undefined, valuesOf: (c: Context<HttpEnv>) => readonly string[] = noValues): HonoRouteHandler {
  const served = telemetry ? observedStage(telemetry, stage) : stage;
  return (c) => {
    const exchange = new WebExchange(c.req.raw, c.env);
    served(exchange, c.req.path, valuesOf(c), undefined);
    return exchange.settled ?? exchange.response;
  };
}
