// The types a server adapter and the routes share (apart from `server-adapter.ts`, which loads the adapters).
import type { ErrorReport } from './answer-rules.js';
import type { HttpRoute } from './http-route.js';
import type { ServerLimits } from './server-limits.js';
import type { StreamServing } from './streaming/stream-serving.js';
import type { StaticRoute } from '../contract/static-route.js';
import type { TlsOptions } from './listen-options.js';
import type { PipelineExtensions } from './pipeline/extension-points.js';
import type { HttpRouteTelemetry, ObservedRoute } from '../telemetry/http-route-telemetry.js';

/**
 * What a server hands beside each request (`app.fetch(request, bindings)`): what a `Request` does not carry.
 *
 * @example
 * // A custom server hosting `app.fetch` can pass its own:
 * Deno.serve((request, info) => app.fetch(request, { remoteAddress: () => info.remoteAddr.hostname }));
 */
export interface ServerBindings {
  /** The peer's IP address: `'127.0.0.1'`, or `'::ffff:127.0.0.1'` on a dual-stack socket. */
  remoteAddress(): string;
}

/** A listening HTTP server that can be closed gracefully. */
export interface HttpListener {
  readonly port: number;
  /** Stops accepting; resolves once in-flight requests are answered or after `graceMs`, with the connections it closed. */
  close(graceMs: number): Promise<number | void>;
}

export type WebFetch = (request: Request, env?: object) => Response | Promise<Response>;

/** The web adapter's entry, built on first need (`lazyWebApp`). */
export interface ServedWeb {
  load(): Promise<{ readonly fetch: WebFetch }>;
  readonly fetch: WebFetch;
}

export interface ServedHttp {
  readonly web: ServedWeb;
  readonly routes: readonly HttpRoute[];
  readonly bodyLimit: number;
  readonly report: ErrorReport;
  readonly streaming?: StreamServing;
  /** GETs served after the routes, outside the request chain: the docs page, the health probes, `serveStatic` mounts. */
  readonly staticRoutes: readonly StaticRoute[];
  readonly extensions: PipelineExtensions;
  /** The telemetry of a static route and of requests no route matched; undefined when nothing is observed. */
  telemetryOf(route: ObservedRoute | undefined): HttpRouteTelemetry | undefined;
}

/**
 * The key of an application's routes as the pipeline serves them, for a host adapter that is
 * neither `listen` nor `fetch` and makes its own exchanges (`@framework/core/lambda`); global, so
 * that a second copy of the runtime in one bundle finds it too.
 */
export const SERVED_HTTP: unique symbol = Symbol.for('framework.http.served');

/**
 * An application whose routes a host adapter can serve through the pipeline directly.
 *
 * @example
 * const served = (app as Partial<ServingApplication>)[SERVED_HTTP]?.(); // undefined for a plain `{ fetch }`
 */
export interface ServingApplication {
  [SERVED_HTTP](): ServedHttp;
}

/** Serves the routes on one runtime's HTTP server, with its limits as far as it has them. */
export type ServerAdapter = (served: ServedHttp, port: number, hostname: string | undefined, limits: ServerLimits, tls?: TlsOptions) => Promise<HttpListener>;
