import type { Context, Hono, MiddlewareHandler, Next } from 'hono';
import type { HttpEnv } from '../../served-http.js';

type RouteStep = (c: Context<HttpEnv>, next: Next) => Response | Promise<Response | void>;

/**
 * Registers a `@Head()` route. Hono dispatches every HEAD request as GET (and strips the body),
 * so a route registered for HEAD would never run. The route is registered on GET instead, behind
 * a method check, and must come before every other route: HEAD requests of its path reach it,
 * GET requests pass on to the path's GET route (or the 404). Paths without a `@Head()` route keep
 * Hono's default (their GET route answers HEAD) and pay nothing for this.
 *
 * @example
 * registerHeadRoute(app, '/files/:name', [handler]); // before app.get('/files/:name', …)
 */
export function registerHeadRoute(app: Hono<HttpEnv>, path: string, steps: readonly RouteStep[]): void {
  const [first, ...rest] = steps.map(headOnly);
  app.on('GET', path, first!, ...rest);
}

function headOnly(step: RouteStep): MiddlewareHandler<HttpEnv> {
  return async (c, next) => (c.req.method === 'HEAD' ? step(c, next) : next());
}
