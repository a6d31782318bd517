import type { GrpcMethodEntry } from '@framework/core';
import { CallBase, type GrpcCallShape, type HandlerRuntime } from '@framework/core/transport';
import { Metadata, type ServerUnaryCall } from '@grpc/grpc-js';

/** The per-RPC facts a gRPC call needs, fixed at attach time. */
export type GrpcRpcRuntime = HandlerRuntime<GrpcMethodEntry>;

function httpOnly(what: string): never {
  throw new TypeError(`${what} is only available on HTTP calls; this handler was called over gRPC. Use @GrpcPayload() or @GrpcMetadata(key).`);
}

/** Strips the `:port` of `host:port` (grpc-js writes IPv6 peers unbracketed, so cut at the last colon). */
function addressOfPeer(peer: string): string {
  if (peer === 'unknown') return '';
  const colon = peer.lastIndexOf(':');
  return colon > 0 && /^\d+$/.test(peer.slice(colon + 1)) ? peer.slice(0, colon) : peer;
}

/**
 * One unary gRPC call: the execution context guards see and the argument source handlers read,
 * over a grpc-js call. Cheap to create: everything not read by the chain is computed on demand.
 *
 * `context.req` is absent on gRPC (the spec: a guard reading it fails with
 * "Cannot read properties of undefined …", answered UNKNOWN).
 */
export class GrpcCall extends CallBase<GrpcMethodEntry> implements GrpcCallShape {
  readonly transport = 'grpc' as const;
  readonly req = undefined;
  /** Response metadata set through `setResponseHeader`; sent as trailers with the answer. */
  responseMetadata?: Metadata;

  constructor(
    readonly call: ServerUnaryCall<unknown, unknown>,
    rpc: GrpcRpcRuntime,
  ) {
    super(rpc);
  }

  get grpcMetadata(): Metadata {
    return this.call.metadata;
  }
  get payload(): unknown {
    return this.call.request;
  }
  /** The peer's IP address without the port, so per-caller limits count a client once. */
  getRemoteAddress(): string {
    return addressOfPeer(this.call.getPeer());
  }
  /** Sets a response metadata entry, replacing an earlier value of the same (lower-cased) key, as an HTTP header would. */
  setResponseHeader(name: string, value: string): void {
    (this.responseMetadata ??= new Metadata()).set(name, value);
  }
  metadata(): Metadata {
    return this.call.metadata;
  }
  /**
   * Every value of `key`. HTTP/2 folds a repeated header into one comma-joined value before
   * grpc-js sees it, so text values are split at commas again (as grpc-js itself does for `-bin`
   * keys); binary values come back base64-encoded.
   */
  metadataValues(key: string): string[] {
    const values: string[] = [];
    for (const value of this.call.metadata.get(key)) {
      if (typeof value !== 'string') values.push(value.toString('base64'));
      else if (!value.includes(',')) values.push(value);
      else for (const part of value.split(',')) values.push(part.trim());
    }
    return values;
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
  /** grpc-js emits `cancelled` when the client cancels the call or its deadline passes. */
  protected override onCancel(cancel: (reason: unknown) => void): void {
    const cancelled = (): void => cancel(new Error('The client cancelled the call'));
    if (this.call.cancelled) cancelled();
    else this.call.once('cancelled', cancelled);
  }
  /** gRPC payloads arrive decoded and are not validated (spec), so there is nothing to load. */
  loadBody(): Promise<void> {
    return Promise.resolve();
  }
}
