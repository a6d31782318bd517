import type { GrpcMethodEntry } from '@framework/core';
import { GrpcCallBase, type GrpcCallShape, type HandlerRuntime } from '@framework/core/transport';
import { TestMetadata } from './grpc-metadata.js';

/**
 * One in-process gRPC call: the same context and parameter reads as a call of `@framework/grpc`,
 * with the payload handed over as it is (no protobuf encoding) and the caller at `127.0.0.1`.
 */
export class InProcessGrpcCall extends GrpcCallBase implements GrpcCallShape {
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
  loadBody(): Promise<void> {
    return Promise.resolve();
  }
}
