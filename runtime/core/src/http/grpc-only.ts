/**
 * The error of a gRPC-only read (`@GrpcPayload()`, `@GrpcMetadata()`) on an HTTP call, whichever
 * server path carries it.
 */
export function grpcOnly(what: string): never {
  throw new TypeError(`${what} is only available on gRPC calls; this handler was called over HTTP.`);
}
