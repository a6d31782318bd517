import type { HandlerEntry } from './tables.js';
import type { Class } from '../types/class.js';
import type { GrpcMetadataLike, HttpRequest } from './argument-source.js';

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
