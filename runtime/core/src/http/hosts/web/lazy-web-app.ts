import type { ServedWeb, WebFetch } from '../../served-http.js';

/**
 * The web adapter's entry (`webFetch`), built on first need: on Node the node adapter serves every
 * request, so an application that is never asked through `app.fetch` never loads the web
 * adapter's modules. Deno's and Bun's servers build it at `listen`; `app.fetch` at its first request.
 *
 * @example
 * const web = new LazyWebApp(async () => (await import('./web-app.js')).webFetch(served));
 * await web.fetch(new Request('http://localhost/todo')); // builds the entry, then serves
 */
export class LazyWebApp implements ServedWeb {
  private app?: { readonly fetch: WebFetch };
  private loading?: Promise<{ readonly fetch: WebFetch }>;

  constructor(private readonly build: () => Promise<WebFetch>) {}

  /** The entry, built once; every caller gets the same one. A failed build is tried again at the next call. */
  load(): Promise<{ readonly fetch: WebFetch }> {
    this.loading ??= this.build().then(
      (fetch) => (this.app = { fetch }),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Serves a request: directly once the entry is built, after building it the first time. */
  readonly fetch: WebFetch = (request, env) => {
    if (this.app) return this.app.fetch(request, env);
    return this.load().then((app) => app.fetch(request, env));
  };
}
