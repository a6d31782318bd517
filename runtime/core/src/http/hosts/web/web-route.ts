import type { HttpRoute } from '../../http-route.js';
import { sendError } from '../../pipeline/answer-stage.js';
import { eventStreamStage } from '../../pipeline/event-stream-stage.js';
import { observedStage } from '../../pipeline/observed-stage.js';
import type { HostHandler } from '../../pipeline/route-dispatch.js';
import { routeStage, type RouteStage } from '../../pipeline/route-stage.js';
import { upgradeStage } from '../../pipeline/upgrade-stage.js';
import type { ServedHttp } from '../../served-http.js';
import { EventStreamUpgradeException } from '../../streaming/websocket/upgrade-exceptions.js';
import { isNodeUpgrade } from '../node/websocket/node-upgrade-env.js';
import type { WebExchange } from './web-exchange.js';

/** What a host passed beside the `Request` (`ServerBindings`, or a server's own env). */
export type WebBindings = object | undefined;
export type WebHandler = HostHandler<WebExchange, WebBindings>;

/**
 * The web adapter's handler of a route: its stages over the `WebExchange`, observed when the
 * route is; an upgrade request the Node upgrade listener hands to an `@Sse()` route is a 400.
 */
export function webRoute(route: HttpRoute, served: ServedHttp): WebHandler {
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
