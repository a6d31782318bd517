import { errorResponse } from '../respond.js';
import type { HonoRouteHandler } from '../route-handler.js';
import type { HttpRoute } from '../../../http-route.js';
import { isNodeUpgrade } from '../../node/websocket/node-upgrade-env.js';
import { EventStreamUpgradeException } from '../../../streaming/websocket/upgrade-exceptions.js';
import type { ErrorReport } from '../../../answer-rules.js';
import type { StreamServing } from '../../../streaming/stream-serving.js';
import { eventStreamStage } from '../../../pipeline/event-stream-stage.js';
import { webRoute } from '../web-route.js';
import type { RouteHeaderSource } from '../../../pipeline/extension-points.js';

/**
 * The Hono handler of an `@Sse()` route: the pipeline's event-stream stage (`eventStreamStage`,
 * the same on every host) over a `WebExchange`, whose events become the body of the Response. An
 * upgrade request handed over by the Node upgrade listener is refused (400).
 *
 * @example
 * app.get('/todo/events', sseRoute(spec, streaming, report));
 */
export function sseRoute(spec: HttpRoute, serving: StreamServing, report: ErrorReport, routeHeaders: readonly RouteHeaderSource[] = []): HonoRouteHandler {
  const { entry } = spec;
  const served = webRoute(spec, eventStreamStage(spec, serving, report, routeHeaders));
  return (c) => (isNodeUpgrade(c.env) ? errorResponse(c, new EventStreamUpgradeException(entry.path), entry.name, report) : served(c));
}
