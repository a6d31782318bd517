// The types a server adapter and the routes share: what is served, and what each request carries
// (kept apart from `server-adapter.ts`, which loads the adapters, so that they import nothing
// that imports them).
import type { ErrorReport } from './answer-rules.js';
import type { HttpRoute } from './http-route.js';
import type { ServerLimits } from './server-limits.js';
import type { StreamServing } from './streaming/stream-serving.js';
import type { StaticMount } from './files/static-mount.js';
import type { TlsOptions } from './listen-options.js';
import type { PipelineExtensions } from './pipeline/extension-points.js';
import type { MethodTable } from './pipeline/table-decision.js';
import type { HttpRouteTelemetry } from '../telemetry/http-route-telemetry.js';

/**
 * What a server adapter hands the routes with each request, as Hono's `c.env`: the one fact about
 * the connection that the request chain needs and that Web-standard `Request` does not carry.
 *
 * @example
 * // A custom server hosting `app.fetch` can pass its own:
 * Deno.serve((request, info) => app.fetch(request, { remoteAddress: () => info.remoteAddr.hostname }));
 */
export interface ServerBindings {
  /** The peer's IP address: `'127.0.0.1'`, or `'::ffff:127.0.0.1'` on a dual-stack socket. */
  remoteAddress(): string;
}

/**
 * The Hono environment of the application's HTTP routes. `c.env` is `ServerBindings` when a host
 * passes them, else the server's own (Deno's serve info, @hono/node-server's `{ incoming, outgoing }`,
 * as the framework's own servers pass it), read by `hostedAddress` and `WebExchange.protocolVersion`.
 */
export interface HttpEnv {
  Bindings: Partial<ServerBindings>;
}

/** A listening HTTP server that can be closed gracefully. */
export interface HttpListener {
  readonly port: number;
  /**
   * Stops accepting connections and resolves as soon as in-flight requests have been answered
   * (each with `Connection: close`), or after `graceMs` milliseconds at the latest (Node then
   * closes the connections still open; Deno, which cannot, stops waiting for them). Resolves
   * with the number of connections it closed, when the server can tell.
   */
  close(graceMs: number): Promise<number | void>;
}

/** The Web-standard handler of the Hono app, with the server's bindings as `c.env`. */
export type HonoFetch = (request: Request, env?: object) => Response | Promise<Response>;

/** The Hono app of the routes, built on first need (`LazyHonoApp`). */
export interface ServedHono {
  /** Builds the app (once) and resolves with it. */
  load(): Promise<{ readonly fetch: HonoFetch }>;
  /** Serves a request, building the app first if it is not yet. */
  readonly fetch: HonoFetch;
}

/** What a server adapter serves: the Hono app (built on first need), and the routes it is built from (for a runtime's own path). */
export interface ServedHttp {
  readonly hono: ServedHono;
  readonly routes: readonly HttpRoute[];
  readonly bodyLimit: number;
  readonly report: ErrorReport;
  /** What the streaming routes share, for a server path that serves them itself (the Node-native one). */
  readonly streaming?: StreamServing;
  /** `app.serveStatic` mounts, for a server path that serves them itself (the Node-native one). */
  readonly staticMounts?: readonly StaticMount[];
  /** The methods of every path (routes and static routes), for the table-decided stage. */
  readonly methods: MethodTable;
  /** The pipeline's extension points, as the capabilities filled them. */
  readonly extensions: PipelineExtensions;
  /** The telemetry of requests no route matched (the table's answers, 404); absent when nothing is observed. */
  readonly unmatchedTelemetry?: HttpRouteTelemetry;
}

/**
 * Serves the application's routes on one runtime's HTTP server with the application's limits (as
 * far as the server supports them). `hostname` undefined listens on every interface, IPv6 and
 * IPv4 where the system allows it; port 0 lets the OS pick. `tls`: HTTPS with HTTP/2 (Node only).
 */
export type ServerAdapter = (served: ServedHttp, port: number, hostname: string | undefined, limits: ServerLimits, tls?: TlsOptions) => Promise<HttpListener>;
