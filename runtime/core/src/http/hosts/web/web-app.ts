import { sendError } from '../../pipeline/answer-stage.js';
import { pathOfTarget } from '../../pipeline/request-path.js';
import { routeDispatch } from '../../pipeline/route-dispatch.js';
import type { ServedHttp, WebFetch } from '../../served-http.js';
import { withoutBody } from './without-body.js';
import { WebExchange } from './web-exchange.js';
import { webRoute, type WebBindings } from './web-route.js';
import { BodyDeadlines } from './body-deadlines.js';

/**
 * The web adapter's entry, `app.fetch`: a Web `Request` (its URL normalised already) in, a
 * `Response` out, routed by `routeDispatch` over a `WebExchange`. A body read takes at most
 * `requestTimeoutMs` (the application's `ServerLimits`), on every host alike; then a 408.
 */
export function webFetch(served: ServedHttp, requestTimeoutMs?: number): WebFetch {
  const deadlines = requestTimeoutMs === undefined ? undefined : new BodyDeadlines(requestTimeoutMs);
  const dispatch = routeDispatch<WebExchange, WebBindings>(served, {
    exchangeOf: (exchange) => exchange,
    method: (exchange) => exchange.method,
    routeHandler: (route) => webRoute(route, served),
  });
  return (request, bindings) => {
    const exchange = new WebExchange(request, bindings, deadlines);
    const path = pathOfTarget(exchange.target);
    try {
      dispatch(exchange, bindings, path);
    } catch (error) {
      // The stages answer their own errors: this is a fault of the adapter's.
      sendError(exchange, error, 'the HTTP adapter', served.report, { path, observation: undefined }, undefined);
    }
    const answer = exchange.settled ?? exchange.response;
    if (request.method !== 'HEAD') return answer;
    return answer instanceof Response ? withoutBody(answer) : answer.then(withoutBody);
  };
}
