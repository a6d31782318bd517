import type { ApplicationTransport, TransportHost } from '../hosting/transport-host.js';
import type { Logger } from '../types/logger.js';
import type { HttpCounters } from './answer-rules.js';
import { HttpRoute, type BodyBounds } from './http-route.js';
import { lazyWebApp } from './hosts/web/lazy-web-app.js';
import type { HttpListener, ServedHttp, ServerBindings } from './served-http.js';
import { serverAdapterForRuntime } from './hosts/server-adapter.js';
import type { ServerLimits } from './server-limits.js';
import type { StaticRoute } from '../contract/static-route.js';
import type { StreamingOptions } from './streaming/options.js';
import { StreamServing } from './streaming/stream-serving.js';
import type { CookieSettings } from './cookies/cookie-options.js';
import { versionedEntries, type VersioningOptions } from './versioning/versioned-entries.js';
import { versionRuleOf } from './versioning/version-rule.js';
import { checkMountsAgainstRoutes, type StaticMount } from './files/static-mount.js';
import { staticFileRoutes } from './files/web-file-answer.js';
import { answerEncodingFor, type EncodingSettings } from './encoding/route-encoding.js';
import type { TlsOptions } from './listen-options.js';
import { PipelineExtensions } from './pipeline/extension-points.js';
import type { ObservedRoute } from '../telemetry/http-route-telemetry.js';

/** What the HTTP transport takes from `ApplicationOptions` (each documented there). */
export interface HttpTransportOptions {
  readonly bodyLimit: number;
  readonly bodyBounds: BodyBounds;
  readonly shutdownTimeoutMs: number;
  readonly limits: ServerLimits;
  readonly logger: Logger;
  readonly streaming: StreamingOptions;
  readonly cookies?: CookieSettings;
  readonly versioning?: VersioningOptions;
  readonly encoding: EncodingSettings;
}

/** The fetch handler `app.fetch` hands out; see `FrameworkApplication.fetch`. */
export type FetchHandler = (request: Request, bindings?: ServerBindings | object) => Response | Promise<Response>;

/** Serves the HTTP routes through the pipeline (docs/http-pipeline.md): on the runtime's server (`listen`) or through `fetch`. */
export class HttpTransport implements ApplicationTransport {
  readonly name = 'http';
  private served?: ServedHttp;
  private listener?: HttpListener;
  private binding = false;
  readonly counters: HttpCounters = { abortedRequests: 0 };
  private observability?: TransportHost['observability'];
  private readonly staticRoutes: StaticRoute[] = [];
  private readonly staticMounts: StaticMount[] = [];
  readonly streaming: StreamServing;
  readonly pipeline = new PipelineExtensions();

  constructor(private readonly options: HttpTransportOptions) {
    this.streaming = new StreamServing(options.streaming);
    const { shutdownTimeoutMs } = options;
    if (!Number.isFinite(shutdownTimeoutMs) || shutdownTimeoutMs < 0) {
      throw new TypeError(
        `FrameworkApplication: shutdownTimeoutMs must be a number of milliseconds, 0 or more (5000 waits five seconds); got ${String(shutdownTimeoutMs)}.`,
      );
    }
  }

  /** Adds GET routes served outside the request chain (see `app.serveDocs`). Before `attach`. */
  addStaticRoutes(routes: readonly StaticRoute[]): void {
    this.staticRoutes.push(...routes);
  }

  /** Serves a directory's files under a prefix (see `app.serveStatic`). Before `attach`. */
  addStaticMount(mount: StaticMount): void {
    this.staticMounts.push(mount);
    // Longest prefix first: `/docs/assets` is looked at before `/`, whatever the order of the calls.
    this.staticMounts.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  attach(host: TransportHost): void {
    this.observability = host.observability;
    checkMountsAgainstRoutes(this.staticMounts, host.tables.routes);
    const routes = versionedEntries(host.tables.routes, this.options.versioning).map((entry) => {
      const readsBody = { readsBody: entry.readsBody };
      // A chain with a layer is prepared now (its layers check their routes); the handler alone waits for the first request.
      const chain = host.chainAddsNothing(entry)
        ? () => ({ run: host.prepare(entry, readsBody), bare: entry.readsBody ? host.bareHandler(entry) : undefined })
        : { run: host.prepare(entry, readsBody), bare: undefined };
      const encoding = answerEncodingFor(entry, this.options.encoding);
      return new HttpRoute(entry, host.tables.providers[entry.controller]!.useClass!, chain, host.observability.httpRoute(entry), this.options.bodyBounds, encoding);
    });
    for (const route of routes) {
      route.cookies = this.options.cookies;
      const rule = versionRuleOf(route.entry, this.options.versioning);
      if (rule) route.versionRule = rule;
    }
    const { bodyLimit } = this.options;
    const report = { logger: this.options.logger, counters: this.counters };
    // The mounts after the other static routes: a mount at `/` must not answer the docs page's paths.
    const staticRoutes = [...this.staticRoutes, ...this.staticMounts.flatMap(staticFileRoutes)];
    const telemetryOf = (route: ObservedRoute | undefined) => host.observability.httpRoute(route);
    // Imported on first need: on Node the node adapter serves every request.
    const web = lazyWebApp(async () => (await import('./hosts/web/web-app.js')).webFetch(served, this.options.limits.requestTimeoutMs));
    const served: ServedHttp = { web, routes, bodyLimit, report, streaming: this.streaming, extensions: this.pipeline, staticRoutes, telemetryOf };
    this.served = served;
  }

  /** Starts the runtime's own server; see `FrameworkApplication.listen`. */
  async listen(port: number, hostname?: string, tls?: TlsOptions): Promise<number> {
    if (!this.served) throw new Error('Call `await app.init(RootModule)` before `app.listen(port)`.');
    // A second server would be unreachable from close() and keep the process alive.
    if (this.listener || this.binding) {
      const where = this.listener ? `is already listening on port ${this.listener.port}` : 'is still starting from an earlier app.listen()';
      throw new Error(
        `app.listen(${port}) was called while the HTTP server ${where}; call app.close() first. ` +
          'An application listens on one port; to serve on another as well, host app.fetch on a second server.',
      );
    }
    this.binding = true;
    try {
      // A static directory that does not exist stops the start, not the first request.
      await Promise.all(this.staticMounts.filter((mount) => mount.required).map((mount) => mount.open()));
      const serve = await serverAdapterForRuntime();
      this.listener = await serve(this.served, port, hostname, this.options.limits, tls);
    } finally {
      this.binding = false;
    }
    return this.listener.port;
  }

  /** The Web-standard handler of the routes; see `FrameworkApplication.fetch`. */
  get fetch(): FetchHandler {
    if (!this.served) throw new Error('Call `await app.init(RootModule)` before using `app.fetch`.');
    return this.served.web.fetch;
  }

  /** The routes as the pipeline serves them, for an adapter that makes its own exchanges (`SERVED_HTTP`). */
  get servedHttp(): ServedHttp {
    if (!this.served) throw new Error('Call `await app.init(RootModule)` before serving the application.');
    return this.served;
  }

  /** Stops the server, if one listens, answering in-flight requests for up to the grace period. */
  async close(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    // Event streams and sockets never end by themselves: end them first, so the drain does not wait for them.
    this.streaming.shutdown();
    if (!listener) return;
    try {
      const drained = await listener.close(this.options.shutdownTimeoutMs);
      if (drained) this.observability?.countDrained(drained);
    } catch (error) {
      throw new Error(`the HTTP server on port ${listener.port} did not close: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
