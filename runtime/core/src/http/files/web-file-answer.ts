import type { StaticRoute } from '../../contract/static-route.js';
import type { FileAnswer } from './file-answer.js';
import type { FilePort } from './file-port.js';
import type { StaticMount } from './static-mount.js';

const NOT_FOUND = JSON.stringify({ status: 404, name: 'NotFoundException', message: 'Not found' });

/**
 * A file answer as a Web `Response`: the file's bytes streamed through the port.
 *
 * @example
 * const response = webFileAnswer(answer, port);
 */
export function webFileAnswer(answer: FileAnswer, port: FilePort): Response {
  const body = answer.body ? port.webStream(answer.body.path, answer.body.start, answer.body.end) : (answer.text ?? null);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** The mount each route of `staticFileRoutes` serves, for an adapter with a faster file answer of its own. */
const mounts = new WeakMap<StaticRoute, StaticMount>();

/**
 * The mount a static route serves, when it is one of `staticFileRoutes`.
 *
 * @example
 * const mount = mountOf(route); // undefined for the docs page's routes
 */
export function mountOf(route: StaticRoute): StaticMount | undefined {
  return mounts.get(route);
}

/**
 * The routes that serve a mount on every host: `prefix` and `prefix/*` as GETs after the
 * application's routes, which are matched first; what names no file is the same 404 as an
 * unmatched path. An adapter may answer a file its own way (`mountOf`).
 *
 * @example
 * http.addStaticRoutes(staticFileRoutes(new StaticMount('/assets', 'public', {}, loadFilePort)));
 */
export function staticFileRoutes(mount: StaticMount): StaticRoute[] {
  const respond = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    // A directory found on first need that is not there is a 503 saying what to install; a required one stopped the start.
    if (!mount.required) {
      const unavailable = await mount.open().then(() => undefined, (error: unknown) => (error instanceof Error ? error.message : String(error)));
      if (unavailable !== undefined) return new Response(JSON.stringify({ status: 503, name: 'ServiceUnavailableException', message: unavailable }), { status: 503, headers: { ...mount.options.headers, 'content-type': 'application/json' } });
    }
    const answer = await mount.answer({ method: request.method, path: url.pathname, header: (name) => request.headers.get(name) ?? undefined });
    if (!answer) return new Response(NOT_FOUND, { status: 404, headers: { ...mount.options.headers, 'content-type': 'application/json' } });
    return webFileAnswer(answer, (await mount.open()).port);
  };
  const wildcard = mount.prefix === '/' ? '/*' : `${mount.prefix}/*`;
  const routes: StaticRoute[] = mount.prefix === '/' ? [{ path: wildcard, respond }] : [{ path: mount.prefix, respond }, { path: wildcard, respond }];
  for (const route of routes) mounts.set(route, mount);
  return routes;
}
