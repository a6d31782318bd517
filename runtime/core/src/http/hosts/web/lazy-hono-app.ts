import type { Hono } from 'hono';
import type { HonoFetch, HttpEnv, ServedHono } from '../../served-http.js';

/**
 * The application's Hono app, built on first need. On Node the native path serves the compiled
 * routes itself and hands Hono only what it does not serve (HEAD, unmatched paths, the docs page,
 * URLs that need normalising), so an application that never gets such a request never loads Hono
 * (about 30 modules and their evaluation, some 50 ms). Deno's server builds it at `listen`; `app.fetch` at
 * its first request.
 *
 * @example
 * const hono = new LazyHonoApp(async () => (await import('./hono-app.js')).buildHonoApp(routes, options));
 * await hono.fetch(new Request('http://localhost/todo')); // builds the app, then serves
 */
export class LazyHonoApp implements ServedHono {
  private app?: Hono<HttpEnv>;
  private loading?: Promise<Hono<HttpEnv>>;

  constructor(private readonly build: () => Promise<Hono<HttpEnv>>) {}

  /** The app, built once; every caller gets the same one. A failed build is tried again at the next call. */
  load(): Promise<Hono<HttpEnv>> {
    this.loading ??= this.build().then(
      (app) => (this.app = app),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Serves a request: directly once the app is built, after building it the first time. */
  readonly fetch: HonoFetch = (request, env) => {
    if (this.app) return this.app.fetch(request, env);
    return this.load().then((app) => app.fetch(request, env));
  };
}
