import type { HandlerEntry } from './tables.js';
import type { Class } from '../types/class.js';
import type { GrpcMetadataLike, HttpRequest } from './argument-source.js';
import type { SetCookieOptions } from './set-cookie-options.js';

/** Which transport carries the call. */
export type Transport = 'http' | 'grpc';

/** What guards, middleware and filters see of every call, whatever carries it. */
export interface CallContext {
  readonly transport: Transport;
  /** The method about to run. */
  getHandler(): Function;
  /** The controller class of that method. */
  getClass(): Class;
  /** Build-time facts about the handler (id, name, throttle annotations). */
  getRoute(): HandlerEntry;
  /** Address of the peer as the transport sees it (no proxy headers). */
  getRemoteAddress(): string;
  /** Sets a response header (HTTP) or response metadata entry (gRPC). */
  setResponseHeader(name: string, value: string): void;
  /** A per-call bag for values guards hand to handlers (for example verified token claims). */
  readonly state: Map<unknown, unknown>;
  /**
   * Aborted when the call is given up (the `TimeoutInterceptor`'s deadline, or `abort()`): pass it
   * to `fetch`, database drivers or your own loops so abandoned work stops. Created on first read.
   */
  readonly signal: AbortSignal;
  /** Aborts `signal` with `reason` (a no-op when it is aborted already). */
  abort(reason?: unknown): void;
}

/** The context of an HTTP call: it has the request and no gRPC metadata. */
export interface HttpExecutionContext extends CallContext {
  readonly transport: 'http';
  /** The HTTP request: `req.header(name)`, `req.raw` (the Web `Request`). */
  readonly req: HttpRequest;
  readonly grpcMetadata?: undefined;
  /**
   * Sets a response header, as `setResponseHeader` does, but refuses (TypeError) one the framework
   * writes itself (`Content-Length`, `Transfer-Encoding`, …) and `Set-Cookie` (use `setCookie`).
   *
   * @example
   * context.setHeader('cache-control', 'no-store');
   */
  setHeader(name: string, value: string): void;
  /**
   * Adds a `Set-Cookie` to the answer, with safe defaults for what `options` leaves out:
   * `HttpOnly`, `SameSite=Lax`, `Path=/`, and `Secure` when the request came over TLS (or a
   * trusted proxy says so). Works from guards, interceptors, filters and handlers alike.
   *
   * @example
   * context.setCookie('theme', 'dark', { maxAge: 60 * 60 * 24 * 365, httpOnly: false });
   */
  setCookie(name: string, value: string, options?: SetCookieOptions): void;
  /**
   * `setCookie` with the value signed by the first of the application's `cookies.secrets`, for
   * `@Cookie(name, { signed: true })` to verify. Asynchronous, as WebCrypto is: await it.
   *
   * @example
   * await context.setSignedCookie('session', userId, { maxAge: 3600 });
   */
  setSignedCookie(name: string, value: string, options?: SetCookieOptions): Promise<void>;
  /**
   * Removes a cookie (an empty, expired `Set-Cookie`); give the `path` and `domain` it was set with
   * when they were not the defaults.
   *
   * @example
   * context.clearCookie('session');
   */
  clearCookie(name: string, options?: Omit<SetCookieOptions, 'maxAge' | 'expires'>): void;
  /**
   * Answers with a redirect: `Location: url` and `status` (default 302; a TypeError unless 3xx)
   * instead of the route's status. What the handler returns is still the body (return nothing).
   *
   * @example
   * if (!user) { context.redirect('/login', 303); return; }
   */
  redirect(url: string, status?: number): void;
}

/** The context of a gRPC call: it has the call's metadata and no HTTP request. */
export interface GrpcExecutionContext extends CallContext {
  readonly transport: 'grpc';
  /** Absent: reading `req.header(…)` on a gRPC call fails with a TypeError, as the spec says. */
  readonly req?: undefined;
  readonly grpcMetadata: GrpcMetadataLike;
  /**
   * When the client's deadline passes (`undefined` when it set none). At that moment `signal`
   * aborts with a `TimeoutError` and the call is answered DEADLINE_EXCEEDED.
   */
  readonly deadline?: Date;
}

/**
 * What guards, middleware and filters see of the call: one type for HTTP and gRPC, told apart by
 * `transport` (or by `grpcMetadata`, present only on gRPC), so the checker knows `req` exists
 * only on HTTP calls.
 *
 * @example
 * canActivate(context: ExecutionContext) {
 *   const token = context.grpcMetadata
 *     ? String(context.grpcMetadata.get('authorization')[0] ?? '')
 *     : context.req.header('authorization');
 * }
 */
export type ExecutionContext = HttpExecutionContext | GrpcExecutionContext;
