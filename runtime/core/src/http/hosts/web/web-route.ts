import type { HttpRoute } from '../../http-route.js';
import { sendError } from '../../pipeline/answer-stage.js';
import { eventStreamStage } from '../../pipeline/event-stream-stage.js';
import type { HostExchange } from '../../pipeline/host-exchange.js';
import { observedStage } from '../../pipeline/observed-stage.js';
import { pathOfTarget } from '../../pipeline/request-path.js';
import { routeDispatch, type HostHandler } from '../../pipeline/route-dispatch.js';
import { routeStage, type RouteStage } from '../../pipeline/route-stage.js';
import { upgradeStage } from '../../pipeline/upgrade-stage.js';
import type { ServedHttp } from '../../served-http.js';
import { EventStreamUpgradeException } from '../../streaming/websocket/upgrade-exceptions.js';
import { isNodeUpgrade } from '../node/websocket/node-upgrade-env.js';

/** What a host passed beside the `Request` (`ServerBindings`, or a server's own env). */
export type WebBindings = object | undefined;

/**
 * The routing of an adapter that makes its exchange itself (`WebExchange` for `app.fetch`,
 * `LambdaExchange` for a Lambda event): the path read from the exchange's target, each route's
 * stages (`webRoute`), and a fault of the adapter's own answered as the stages answer theirs.
 *
 * @example
 * const dispatch = exchangeDispatch<WebExchange>(served);
 * dispatch(new WebExchange(request, bindings), bindings);
 */
export function exchangeDispatch<E extends HostExchange>(served: ServedHttp): (exchange: E, bindings: WebBindings) => void {
  const dispatch = routeDispatch<E, WebBindings>(served, {
    exchangeOf: (exchange) => exchange,
    method: (exchange) => exchange.method,
    routeHandler: (route) => webRoute(route, served),
  });
  return (exchange, bindings) => {
    const path = pathOfTarget(exchange.target);
    try {
      dispatch(exchange, bindings, path);
    } catch (error) {
      // The stages answer their own errors: this is a fault of the adapter's.
      sendError(exchange, error, 'the HTTP adapter', served.report, { path, observation: undefined }, undefined);
    }
  };
}

/**
 * A route's handler over an exchange the adapter made: its stages, observed when the route is; an
 * upgrade request the Node upgrade listener hands to an `@Sse()` route is a 400.
 */
function webRoute<E extends HostExchange>(route: HttpRoute, served: ServedHttp): HostHandler<E, WebBindings> {
  const { entry } = route;
  const { report } = served;
  const routeHeaders = served.extensions.routeHeaders;
  let stage: RouteStage;
  let refusesUpgrades = false;
  if (entry.stream === 'websocket' && served.streaming) stage = upgradeStage(route, served.streaming, report);
  else if (entry.stream === 'sse' && served.streaming) {
    stage = eventStreamStage(route, served.streaming, report, routeHeaders);
    refusesUpgrades = true;
  } else stage = routeStage(route, { bodyLimit: served.bodyLimit, report, routeHeaders });
  const observed = route.telemetry ? observedStage(route.telemetry, stage) : stage;
  if (!refusesUpgrades) return (exchange, _bindings, path, values) => observed(exchange, path, values, undefined);
  const refusal = new EventStreamUpgradeException(entry.path);
  return (exchange, bindings, path, values) =>
    isNodeUpgrade(bindings) ? sendError(exchange, refusal, entry.name, report, { path, observation: undefined }, undefined) : observed(exchange, path, values, undefined);
}
