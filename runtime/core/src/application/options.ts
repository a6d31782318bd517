import type { CorsOptions } from '../cors/cors-options.js';
import type { SecurityHeadersSetting } from '../http/browser/security-headers.js';
import type { ServerLimits } from '../http/server-limits.js';
import type { CompressionOptions } from '../http/encoding/compression-options.js';
import type { StreamingOptions } from '../http/streaming/options.js';
import type { CookieOptions } from '../http/cookies/cookie-options.js';
import type { VersioningOptions } from '../http/versioning/versioned-entries.js';
import type { UploadLimits } from '../http/uploads/upload-limits.js';
import type { ObservabilityOptions } from '../telemetry/observability.js';
import type { Logger } from '../types/logger.js';

/**
 * Options of `new FrameworkApplication(tables, options)`. The server limits (`headersTimeoutMs`,
 * `requestTimeoutMs`, `keepAliveTimeoutMs`, `maxConnections`; see `ServerLimits` for their
 * defaults) apply to the server `listen` starts on Node; `Deno.serve` offers no such settings.
 *
 * @example
 * new FrameworkApplication(tables, { bodyLimit: 64 * 1024, headersTimeoutMs: 5000, maxConnections: 2000, shutdownTimeoutMs: 10_000 });
 */
export interface ApplicationOptions extends Partial<ServerLimits>, ObservabilityOptions {
  /** Largest accepted request body in bytes (default 1 MiB); larger ones get a 413. */
  readonly bodyLimit?: number;
  /**
   * How deep a JSON body may nest in arrays and objects (default 128, at most 1000); deeper is a
   * 400 before any validator runs, so a recursive schema cannot overflow the stack.
   */
  readonly maxBodyDepth?: number;
  /**
   * How many values (array items and object members, at every depth) a JSON body may hold
   * (default 100,000); more is a 413 before any validator runs, which would otherwise build one
   * issue per failing value.
   */
  readonly maxBodyValues?: number;
  /**
   * How many reasons the 400 of an invalid body lists at most (default 50), the last one then
   * saying how many more there were; a compiled validator stops checking at that count.
   */
  readonly maxValidationReasons?: number;
  /** Where errors and warnings go (default `console`). */
  readonly logger?: Logger;
  /**
   * The longest `close()` waits for in-flight HTTP requests, in milliseconds, before it closes
   * their connections (on Deno, which cannot cut them, stops waiting for them) and goes on to the
   * `onAppClose` hooks. `close()` returns as soon as the last one is answered: this is an upper
   * bound, not a wait. It bounds as well each `onAppClose` hook, and the wait for an `init` still
   * running. Default 5000, as the gRPC server's own `shutdownTimeoutMs`.
   */
  readonly shutdownTimeoutMs?: number;
  /**
   * How long `init` waits for one async factory (a `useFactory` whose promise has not settled)
   * before it warns through `logger.warn`, naming the provider, its module and where it is
   * written; once per factory, and `init` goes on waiting. Default 10000; 0 turns the warning off.
   *
   * @example
   * new FrameworkApplication(tables, { slowFactoryWarningMs: 30_000 }); // a database that takes its time
   */
  readonly slowFactoryWarningMs?: number;
  /**
   * What `init` reports through `logger.log`: `providers: true` logs how long each provider took
   * to create (async factories included), slowest first, to find what holds the start up.
   *
   * @example
   * new FrameworkApplication(tables, { debug: { providers: true } });
   * // init: providers created in 412.3 ms; DATABASE (async) 398.1 ms (app.module.ts:14:5), …
   */
  readonly debug?: { readonly providers?: boolean };
  /** Heartbeats of `@Sse()` streams and the limits of `@Ws()` sockets; see `StreamingOptions` for the defaults. */
  readonly streaming?: Partial<StreamingOptions>;
  /**
   * Signed cookies' secrets (the first signs, all verify) and the proxies whose
   * `X-Forwarded-Proto: https` makes cookies `Secure`; see `CookieOptions`.
   *
   * @example
   * new FrameworkApplication(tables, { cookies: { secrets: [process.env.COOKIE_SECRET!] } });
   */
  readonly cookies?: CookieOptions;
  /**
   * How a request names the API version that `@Version` routes answer (default `false`: routes
   * answer at their paths whatever their version); see `VersioningOptions`.
   *
   * @example
   * new FrameworkApplication(tables, { versioning: { type: 'uri' } }); // @Version('2') → /v2/…
   */
  readonly versioning?: VersioningOptions | false;
  /**
   * CORS for the HTTP routes (`false`, the default, leaves it off unless `CorsModule.forRoot` or a
   * route's `@Cors` turns it on):
   * preflights answered from the route table, `Access-Control-Allow-Origin` for allowed origins.
   * `credentials: true` with `origins: '*'` fails `init`.
   *
   * @example
   * new FrameworkApplication(tables, { cors: { origins: process.env.CORS_ORIGINS!.split(','), credentials: true } });
   */
  readonly cors?: CorsOptions | false;
  /**
   * Security headers on every answer (on by default: `nosniff`, `Referrer-Policy: no-referrer`,
   * `X-Frame-Options: SAMEORIGIN`, `Cross-Origin-Opener-Policy: same-origin`, a CSP, and HSTS over
   * TLS); `false` turns them off, an object tunes each (`SecurityHeadersOptions`).
   */
  readonly securityHeaders?: SecurityHeadersSetting;
  /** The limits of `multipart/form-data` bodies (files, fields, parts…); see `UploadLimits` for the defaults. */
  readonly uploads?: Partial<UploadLimits>;
  /**
   * Compresses answers (`br`, `gzip`, `zstd` where the host has it) by the request's
   * `Accept-Encoding`, from 1 KiB up, never an event stream or a type compressed already (default
   * off). See docs/compression.md.
   *
   * @example
   * new FrameworkApplication(tables, { compression: true });
   */
  readonly compression?: boolean | CompressionOptions;
  /**
   * Conditional GET on every route: a weak `ETag` from each 200's bytes and a 304 to a matching
   * `If-None-Match` (default off; `@ETag()` turns it on for one route). Saves bandwidth, not CPU.
   */
  readonly etag?: boolean;
}

/** What `app.stats()` reports. */
export interface ApplicationStats {
  /** HTTP requests whose client closed the connection before the body arrived (counted, never logged). */
  readonly abortedRequests: number;
  /** `@Sse()` streams and `@Ws()` sockets open now. */
  readonly openStreams: number;
  /** Streams and sockets that `close()` ended (an event stream's body ended, a socket closed with 1001). */
  readonly streamsClosedAtShutdown: number;
}
