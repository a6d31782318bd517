import type { MiddlewareHandler } from 'hono';
import type { PrefixResponder } from '../../pipeline/extension-points.js';
import { answerByPrefix } from '../../pipeline/prefix-stage.js';
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
