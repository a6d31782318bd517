import type { ServedWeb, WebFetch } from '../../served-http.js';

/**
 * The web adapter's entry (`webFetch`), built on first need (on Node, never unless `app.fetch` is
 * called; Deno and Bun build it at `listen`). A failed build is tried again at the next call.
 */
export function lazyWebApp(build: () => Promise<WebFetch>): ServedWeb {
  let built: WebFetch | undefined;
  let loading: Promise<{ fetch: WebFetch }> | undefined;
  const load = (): Promise<{ fetch: WebFetch }> =>
    (loading ??= build().then(
      (fetch) => ({ fetch: (built = fetch) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return { load, fetch: (request, env) => (built ? built(request, env) : load().then((app) => app.fetch(request, env))) };
}
