import type { Context, MiddlewareHandler } from 'hono';
import type { PrefixResponder } from '../../pipeline/extension-points.js';
import { answerByPrefix } from '../../pipeline/prefix-stage.js';
import type { HostExchange } from '../../pipeline/host-exchange.js';
import type { HttpEnv } from '../../served-http.js';
import { routedPath } from '../../pipeline/request-path.js';
import { withContextHeaders } from './response-headers.js';
import { WebExchange } from './web-exchange.js';

/**
 * The pipeline's prefix stage (`PrefixResponder`s, before routing) as the Hono app's first
 * middleware, over the port (`WebExchange`). Registered only when a capability added a responder.
 *
 * @example
 * if (extensions.prefixes.length > 0) app.use('*', prefixMiddleware(extensions.prefixes));
 */
export function prefixMiddleware(prefixes: readonly PrefixResponder[]): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const exchange = new WebExchange(c.req.raw, c.env);
    if (await answerByPrefix(prefixes, exchange, routedPath(c.req.path))) return withContextHeaders(c, await exchange.response);
    await next();
  };
}

/**
 * The table-decided stage (`tableDecision`) for a request Hono matched to no route, over the port;
 * undefined when the table leaves it to the 404.
 *
 * @example
 * app.notFound((c) => decidedByTable(c, decide) ?? c.json(notFound, 404));
 */
export function decidedByTable(
  c: Context<HttpEnv>,
  decide: (exchange: HostExchange, path: string, headers: undefined) => boolean,
): Response | Promise<Response> | undefined {
  const exchange = new WebExchange(c.req.raw, c.env);
  if (!decide(exchange, routedPath(c.req.path), undefined)) return undefined;
  // The table answers synchronously: sent in this turn, as the node adapter sends it.
  if (exchange.settled) return withContextHeaders(c, exchange.settled);
  return exchange.response.then((response) => withContextHeaders(c, response));
}
