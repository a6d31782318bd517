import type { Class, HandlerEntry } from '../tables.js';
import type { GrpcMetadataLike, HttpRequest } from './argument-source.js';

/** Which transport carries the call. */
export type Transport = 'http' | 'grpc';

/**
 * What guards, middleware and filters see of the call. One shape for HTTP and gRPC:
 * `req` exists only on HTTP, `grpcMetadata` only on gRPC.
 *
 * @example
 * canActivate(context: ExecutionContext) {
 *   const token = context.grpcMetadata
 *     ? String(context.grpcMetadata.get('authorization')[0] ?? '')
 *     : context.req.header('authorization');
 * }
 */
export interface ExecutionContext {
  readonly transport: Transport;
  /** The HTTP request; `undefined` on gRPC calls (reading it there is a TypeError, as the spec says). */
  readonly req: HttpRequest;
  /** The call's metadata; present only on gRPC calls. */
  readonly grpcMetadata?: GrpcMetadataLike;
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
}
