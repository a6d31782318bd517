import type { HttpRoute } from '../http-route.js';
import type { RouteHeaderSource } from './extension-points.js';
import { newCallHeaders } from './call-headers.js';
import type { AnswerHeaders, HostExchange } from './host-exchange.js';

/**
 * The headers every answer of a route starts from, prepared once at init from the route header
 * sources (extension point c): undefined when no source adds any (the common case, which then
 * costs nothing per request); else a function giving a fresh record per answer, the fixed headers
 * merged once, the per-request ones read from the exchange. Later sources win.
 *
 * @example
 * const startHeaders = routeHeadersOf(extensions.routeHeaders, route);
 * call.responseHeaders = startHeaders?.(exchange);
 */
export function routeHeadersOf(sources: readonly RouteHeaderSource[], route: HttpRoute | undefined): ((exchange: HostExchange) => AnswerHeaders) | undefined {
  const fixed: AnswerHeaders = {};
  const perRequest: ((exchange: HostExchange) => AnswerHeaders | undefined)[] = [];
  for (const source of sources) {
    const headers = source(route);
    if (headers?.fixed) for (const name in headers.fixed) fixed[name.toLowerCase()] = headers.fixed[name]!;
    if (headers?.perRequest) perRequest.push(headers.perRequest);
  }
  if (Object.keys(fixed).length === 0 && perRequest.length === 0) return undefined;
  return (exchange) => {
    const record = newCallHeaders();
    for (const name in fixed) record[name] = fixed[name]!;
    for (const read of perRequest) {
      const headers = read(exchange);
      for (const name in headers) record[name.toLowerCase()] = headers[name]!;
    }
    return record;
  };
}
