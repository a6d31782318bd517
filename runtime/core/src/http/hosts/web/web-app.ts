import type { ServedHttp, WebFetch } from '../../served-http.js';
import { withoutBody } from './without-body.js';
import { WebExchange } from './web-exchange.js';
import { exchangeDispatch } from './web-route.js';
import { BodyDeadlines } from './body-deadlines.js';

/**
 * The web adapter's entry, `app.fetch`: a Web `Request` (its URL normalised already) in, a
 * `Response` out, routed by `exchangeDispatch` over a `WebExchange`. A body read takes at most
 * `requestTimeoutMs` (the application's `ServerLimits`), on every host alike; then a 408.
 */
export function webFetch(served: ServedHttp, requestTimeoutMs?: number): WebFetch {
  const deadlines = requestTimeoutMs === undefined ? undefined : new BodyDeadlines(requestTimeoutMs);
  const dispatch = exchangeDispatch<WebExchange>(served);
  return (request, bindings) => {
    const exchange = new WebExchange(request, bindings, deadlines);
    dispatch(exchange, bindings);
    const answer = exchange.settled ?? exchange.response;
    if (request.method !== 'HEAD') return answer;
    return answer instanceof Response ? withoutBody(answer) : answer.then(withoutBody);
  };
}
