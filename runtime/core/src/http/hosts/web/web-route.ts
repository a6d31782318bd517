import type { Context } from 'hono';
import type { HttpRoute } from '../../http-route.js';
import type { RouteStage } from '../../pipeline/route-stage.js';
import type { HttpEnv } from '../../served-http.js';
import { observationOf } from './observed-route.js';
import { withContextHeaders } from './response-headers.js';
import type { HonoRouteHandler } from './route-handler.js';
import { WebExchange } from './web-exchange.js';

/**
 * The Hono handler of a route: its stages (`routeStage`, `eventStreamStage`: the same as on every
 * host) over a `WebExchange`, with the parameters Hono matched (decoded). An observed route's
 * answer gets the headers its observation set on the context (`X-Request-Id`).
 *
 * @example
 * app.on('GET', '/todo/:id', webRoute(route, routeStage(route, { bodyLimit, report })));
 */
export function webRoute(route: HttpRoute, stage: RouteStage): HonoRouteHandler {
  const { paramNames } = route;
  const observed = route.telemetry !== undefined;
  return (c: Context<HttpEnv>) => {
    const exchange = new WebExchange(c.req.raw, c.env);
    const values = paramNames.length === 0 ? paramNames : paramNames.map((name) => c.req.param(name) as string);
    stage(exchange, c.req.path, values, observed ? observationOf(c) : undefined);
    if (!observed) return exchange.settled ?? exchange.response;
    return exchange.settled ? withContextHeaders(c, exchange.settled) : exchange.response.then((response) => withContextHeaders(c, response));
  };
}
