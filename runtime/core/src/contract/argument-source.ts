import type { ExecutionContext } from './execution-context.js';

/**
 * The request as seen by an HTTP handler through `@Req()`: `raw` is the Web `Request`
 * (so `req.raw.headers` is a standard `Headers`), `header(name)` reads one header.
 */
export interface HttpRequest {
  readonly raw: Request;
  readonly method: string;
  readonly path: string;
  readonly url: string;
  header(name: string): string | undefined;
  param(name: string): string | undefined;
  query(name: string): string | undefined;
}

/** The metadata of a gRPC call, structurally compatible with `@grpc/grpc-js`'s `Metadata`. */
export interface GrpcMetadataLike {
  get(key: string): unknown[];
  set(key: string, value: string | Buffer): void;
}

/**
 * What generated `invoke` closures read handler parameters from. One per call; the transport
 * adapter implements it. Reads that a transport does not have throw a clear error.
 */
export interface ArgumentSource {
  readonly context: ExecutionContext;
  /** `@Req()` */
  readonly req: HttpRequest;
  /** `@Param(name)` */
  param(name: string): string;
  /** `@Query()` */
  queries(): Record<string, string>;
  /** `@Query(name)`: the first value of a repeated name. */
  query(name: string): string | undefined;
  /** `@Query(name)` of an array type, an array member of a `@Query()` class: every value of the name, in order; undefined when absent. */
  queryValues(name: string): string[] | undefined;
  /** `@Header()` */
  headers(): Record<string, string>;
  /** `@Header(name)` */
  header(name: string): string | undefined;
  /** `@Body()`: the parsed (and, with a DTO class, validated and hydrated) body. */
  readonly body: unknown;
  /** `@GrpcPayload()`: the decoded request message. */
  readonly payload: unknown;
  /** `@GrpcMetadata()`: the whole metadata object. */
  metadata(): GrpcMetadataLike;
  /** `@GrpcMetadata(key)`: the values of one key, as strings. */
  metadataValues(key: string): string[];
}
