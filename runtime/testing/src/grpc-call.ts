import type { GrpcMethodEntry } from '@framework/core';
import { CallBase, type GrpcCallShape, type HandlerRuntime } from '@framework/core/transport';
import { TestMetadata } from './grpc-metadata.js';

function httpOnly(what: string): never {
  throw new TypeError(`${what} is only available on HTTP calls; this handler was called over gRPC. Use @GrpcPayload() or @GrpcMetadata(key).`);
}

/**
 * One in-process gRPC call: the same context and parameter reads as a call of `@framework/grpc`,
 * with the payload handed over as it is (no protobuf encoding) and the caller at `127.0.0.1`.
 */
export class InProcessGrpcCall extends CallBase<GrpcMethodEntry> implements GrpcCallShape {
  readonly transport = 'grpc' as const;
  readonly req = undefined;
  /** Response metadata set by guards (rate-limit values), answered as trailers. */
  readonly responseMetadata = new TestMetadata();

  constructor(
    rpc: HandlerRuntime<GrpcMethodEntry>,
    readonly payload: unknown,
    readonly grpcMetadata: TestMetadata,
  ) {
    super(rpc);
  }

  getRemoteAddress(): string {
    return '127.0.0.1';
  }
  setResponseHeader(name: string, value: string): void {
    this.responseMetadata.set(name, value);
  }
  metadata(): TestMetadata {
    return this.grpcMetadata;
  }
  metadataValues(key: string): string[] {
    return this.grpcMetadata.get(key).map((value) => (typeof value === 'string' ? value : value.toString('base64')));
  }
  get body(): never {
    return httpOnly('@Body()');
  }
  param(): never {
    return httpOnly('@Param(name)');
  }
  queries(): never {
    return httpOnly('@Query()');
  }
  query(): never {
    return httpOnly('@Query(name)');
  }
  headers(): never {
    return httpOnly('@Header()');
  }
  header(): never {
    return httpOnly('@Header(name)');
  }
  loadBody(): Promise<void> {
    return Promise.resolve();
  }
}
