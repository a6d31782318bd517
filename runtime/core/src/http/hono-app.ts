import { Hono, type Context } from 'hono';
import type { PreparedHandler } from '../chain/call.js';
import type { HttpRouteEntry } from '../tables.js';
import { withBodyLimit } from './body-limit.js';
import { isThenable } from '../chain/thenable.js';
import { HttpCall, type HttpRouteRuntime } from './http-call.js';
import { registerHeadRoute } from './head-routes.js';
import { bodyReaderFor } from './read-body.js';
import { errorResponse, respond, type ErrorReport } from './respond.js';
import type { HttpEnv } from './server-adapter.js';
import type { StaticRoute } from '../docs/docs-page.js';

export interface HttpRouteSpec {
  readonly entry: HttpRouteEntry;
  readonly controllerClass: HttpRouteRuntime['controllerClass'];
  readonly run: PreparedHandler;
}

/**
 * Registers the prepared routes on a Hono app: one handler closure per route, built once.
 * `strict: false` makes `/todo` and `/todo/` the same route. `@Head()` routes are registered
 * first, as `registerHeadRoute` requires.
 */
export function buildHonoApp(
  routes: readonly HttpRouteSpec[],
  options: { readonly bodyLimit: number; readonly report: ErrorReport; readonly staticRoutes?: readonly StaticRoute[] },
): Hono<HttpEnv> {
  const app = new Hono<HttpEnv>({ strict: false });
  const ordered = [...routes.filter((spec) => spec.entry.method === 'HEAD'), ...routes.filter((spec) => spec.entry.method !== 'HEAD')];

  for (const spec of ordered) {
    const { entry } = spec;
    const handler = entry.readsBody ? withBodyLimit(options.bodyLimit, routeHandler(spec, options.report)) : routeHandler(spec, options.report);
    if (entry.method === 'HEAD') {
      registerHeadRoute(app, entry.path, [handler]);
      continue;
    }
    const methods = entry.method === 'ALL' ? ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] : [entry.method];
    app.on(methods, entry.path, handler);
  }

  // Served beside the routes (the docs page): plain GETs outside the request chain.
  for (const route of options.staticRoutes ?? []) app.get(route.path, (c) => route.respond(c.req.raw));

  app.notFound((c) => c.json({ status: 404, name: 'NotFoundException', message: 'Not found' }, 404));
  app.onError((error, c) => errorResponse(c, error, 'the HTTP adapter', options.report));
  return app;
}

/** The Hono handler of one route: runs its prepared chain and turns the outcome into a Response. */
function routeHandler(spec: HttpRouteSpec, report: ErrorReport): (c: Context<HttpEnv>) => Response | Promise<Response> {
  const { entry, run } = spec;
  const runtime: HttpRouteRuntime = { entry, controllerClass: spec.controllerClass, readBody: bodyReaderFor(entry) };
  return (c) => {
    const call = new HttpCall(c, runtime);
    try {
      const answer = run(call);
      if (isThenable(answer)) {
        return Promise.resolve(answer).then(
          (value) => {
            call.answered = true;
            return respond(c, value, entry.status);
          },
          (error: unknown) => {
            call.answered = true;
            return errorResponse(c, error, entry.name, report);
          },
        );
      }
      call.answered = true;
      return respond(c, answer, entry.status);
    } catch (error) {
      call.answered = true;
      return errorResponse(c, error, entry.name, report);
    }
  };
}
