import type { HttpRouteEntry } from '../contract/tables.js';
import { CorsConfig } from '../cors/cors.module.js';
import { registerBrowserStages, type BrowserOptions } from '../http/browser/browser-stages.js';
import { resolveUploadLimits } from '../http/uploads/upload-limits.js';
import { resolveBodyBounds } from '../http/http-route.js';
import { HttpTransport, type FetchHandler } from '../http/http-transport.js';
import { resolveServerLimits } from '../http/server-limits.js';
import { SERVED_HTTP, type ServedHttp, type ServingApplication } from '../http/served-http.js';
import { resolveStreamingOptions } from '../http/streaming/options.js';
import { resolveCookieSettings } from '../http/cookies/cookie-options.js';
import { docsAssets, docsRoutes, type DocsOptions } from '../swagger-ui/docs-page.js';
import { hostHasNoFiles, loadFilePort, NO_FILE_SYSTEM } from '../http/files/load-file-port.js';
import { StaticMount } from '../http/files/static-mount.js';
import type { StaticOptions } from '../http/files/static-options.js';
import { resolveCompression } from '../http/encoding/compression-options.js';
import { HostCompressors } from '../http/encoding/host-compressors.js';
import { listenArguments, type ListenOptions } from '../http/listen-options.js';
import type { Logger } from '../types/logger.js';
import { listenTurn } from './listen-turn.js';
import type { ApplicationOptions, ApplicationStats } from './options.js';

/**
 * The HTTP side of an application: its built-in HTTP transport, made from the application's
 * options, and what `app.serveDocs`, `app.listen`, `app.fetch` and `app.stats` do with it.
 * `FrameworkApplication` adds the lifecycle (init, transports, close); HTTP stays a transport
 * like any other, registered first.
 *
 * @example
 * const app = new FrameworkApplication(tables, { bodyLimit: 64 * 1024 });
 * await app.init(AppModule);
 * await app.listen(3000);
 */
export abstract class HttpApplication implements ServingApplication {
  /** Where errors and warnings go (default `console`). */
  protected readonly logger: Logger;
  /** Built in: `listen` and `fetch` are its. */
  protected readonly http: HttpTransport;
  /** CORS and security headers, registered on the pipeline at `init`. */
  private readonly browser: BrowserOptions;

  protected constructor(options: ApplicationOptions) {
    this.logger = options.logger ?? console;
    this.http = new HttpTransport({
      bodyLimit: options.bodyLimit ?? 1024 * 1024,
      bodyBounds: { ...resolveBodyBounds(options), uploads: resolveUploadLimits(options.uploads), bodyLimit: options.bodyLimit ?? 1024 * 1024 },
      shutdownTimeoutMs: options.shutdownTimeoutMs ?? 5000,
      limits: resolveServerLimits(options),
      logger: this.logger,
      streaming: resolveStreamingOptions(options.streaming),
      cookies: resolveCookieSettings(options.cookies),
      ...(options.versioning ? { versioning: options.versioning } : {}),
      encoding: { compression: resolveCompression(options.compression), etag: options.etag ?? false, compressors: new HostCompressors() },
    });
    this.browser = { cors: options.cors || undefined, securityHeaders: options.securityHeaders };
  }

  /**
   * Registers CORS (the `cors` option, else a `CorsModule.forRoot` among the singletons) and the
   * security headers on the HTTP pipeline; called by `init` before the transports attach.
   */
  protected prepareBrowserStages(routes: readonly HttpRouteEntry[], singletons: Iterable<unknown>): void {
    let cors = this.browser.cors;
    if (cors === undefined) {
      for (const instance of singletons) if (instance instanceof CorsConfig) cors = instance.options;
    }
    registerBrowserStages(this.http.pipeline, routes, { ...this.browser, cors });
  }

  /** Throws when `init` has run: what `method` registers would never be served. */
  protected abstract assertNotInitialised(method: string): void;

  /**
   * Serves the OpenAPI document `framework-build` wrote (`openapi.json`) and an interactive
   * reference page (Swagger UI, from the `swagger-ui-dist` package, served by the app itself: no
   * CDN) under `path`: the page at `path`, the document at `path/openapi.json`. Opt-in, public (no
   * guard runs on these GETs), and must be called before `init`.
   *
   * @example
   * app.serveDocs('/docs', (await import('../generated/openapi.json', { with: { type: 'json' } })).default);
   */
  serveDocs(path: string, document: object, options?: DocsOptions): this {
    this.assertNotInitialised('serveDocs');
    this.http.addStaticRoutes(docsRoutes(path, document, options));
    this.http.addStaticMount(docsAssets(path));
    return this;
  }

  /**
   * Serves the files of `directory` (relative to the working directory) under `prefix`, for GET
   * and HEAD: content types, `ETag`/`Last-Modified` with 304s, `Range` with 206/416, `Cache-Control`
   * (`maxAge`, `immutable`), precompressed `.br`/`.gz` siblings (`precompressed: true`) and a
   * single-page application's `fallback`. Routes win: a mount at `/` answers what no route
   * matches, and any other prefix may hold no route (an error at `init`, FW2313 at build time).
   * Nothing outside the directory is ever read (`..` in any spelling, symbolic links out of it), no
   * directory is listed, hidden files are not served. Needs a file system (not on Cloudflare
   * Workers). Public: no guard runs on these GETs. Before `init`. See docs/static-files.md.
   *
   * @example
   * app.serveStatic('/assets', 'dist/assets', { maxAge: 31_536_000, immutable: true, precompressed: true });
   * app.serveStatic('/', 'public', { fallback: 'index.html' });
   */
  serveStatic(prefix: string, directory: string, options?: StaticOptions): this {
    this.assertNotInitialised('serveStatic');
    if (hostHasNoFiles()) throw new Error(NO_FILE_SYSTEM);
    this.http.addStaticMount(new StaticMount(prefix, directory, options, loadFilePort));
    return this;
  }

  /**
   * Starts the HTTP server on the runtime's own server: `Deno.serve` on Deno (needs
   * `--allow-net`), `Bun.serve` on Bun, `node:http` on Node. Resolves with the bound port (0 picks a free one).
   * Without `hostname` it listens on every interface, IPv6 and IPv4. With `{ tls: { key, cert } }`
   * it serves HTTPS, HTTP/2 and HTTP/1.1 on the one port (see docs/https.md). Under `framework-build dev`
   * it first waits until the last good app has stopped (see `listenTurn`).
   *
   * @example
   * const port = await app.listen(Number(process.env.PORT ?? 3000));
   * await app.listen(0, '127.0.0.1'); // loopback only, a free port
   * await app.listen({ port: 8443, tls: { key, cert } }); // HTTPS, HTTP/2 and HTTP/1.1 by ALPN (Node)
   */
  async listen(portOrOptions?: number | ListenOptions, hostname?: string): Promise<number> {
    const { port, host, tls } = listenArguments(portOrOptions, hostname);
    await listenTurn(); // the dev loop's hand-off; nothing to wait for elsewhere
    return this.http.listen(port, host, tls);
  }

  /**
   * The Web-standard fetch handler of the HTTP routes, for in-process calls and other servers.
   * The second argument is where `getRemoteAddress()` (the throttler's default key) comes from:
   * `ServerBindings`, or what the hosting server passes itself (`Deno.serve`'s handler info,
   * @hono/node-server's `{ incoming }`, Bun's server), so `Deno.serve(app.fetch)` and
   * `serve({ fetch: app.fetch })` work as they are. Without one the address is `''`.
   *
   * @example
   * const response = await app.fetch(new Request('http://local/health'));
   * Deno.serve(app.fetch);
   */
  get fetch(): FetchHandler {
    return this.http.fetch;
  }

  /**
   * The routes as the pipeline serves them, for a host adapter that makes its own exchanges
   * (`lambdaHandler` serves each event so, without a Web `Request`); not for applications.
   *
   * @example
   * const served = app[SERVED_HTTP](); // after `init`
   */
  [SERVED_HTTP](): ServedHttp {
    return this.http.servedHttp;
  }

  /**
   * Counters of the running application, for a metrics endpoint or a log line.
   *
   * @example
   * console.log(`aborted requests so far: ${app.stats().abortedRequests}`);
   */
  stats(): ApplicationStats {
    const streams = this.http.streaming.counters;
    return { abortedRequests: this.http.counters.abortedRequests, openStreams: streams.open, streamsClosedAtShutdown: streams.closedAtShutdown };
  }
}
