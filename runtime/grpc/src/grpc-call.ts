import { GrpcCode, type GrpcMethodEntry } from '@framework/core';
import { GrpcCallBase, type CallObservation, type GrpcCallFacts, type GrpcCallShape, type HandlerRuntime } from '@framework/core/transport';
import { Metadata, type ServerUnaryCall } from '@grpc/grpc-js';
import type { EventEmitter } from 'node:events';
import { acceptedMessage } from './checked-requests.js';
import { incomingMessages } from './incoming-messages.js';
import type { RpcKind } from './unsupported-rpc.js';
import { unwrittenStatus, writtenStatus, type EndedStatus } from './written-status.js';

/** The grpc-js call objects of every kind, as far as `GrpcCall` reads them. */
export type AnyServerCall = Pick<ServerUnaryCall<unknown, unknown>, 'cancelled' | 'metadata' | 'getPeer' | 'getDeadline'> & EventEmitter & { readonly request?: unknown };

/** The per-RPC facts a gRPC call needs, fixed at attach time. */
export type GrpcRpcRuntime = HandlerRuntime<GrpcMethodEntry>;

/** Strips the `:port` of `host:port` (grpc-js writes IPv6 peers unbracketed, so cut at the last colon). */
function addressOfPeer(peer: string): string {
  if (peer === 'unknown') return '';
  const colon = peer.lastIndexOf(':');
  return colon > 0 && /^\d+$/.test(peer.slice(colon + 1)) ? peer.slice(0, colon) : peer;
}

/**
 * How close to its deadline a call counts as past it. grpc-js's deadline timer may fire a
 * millisecond early; and a grpc-js client gives up at its deadline by ending its messages, then
 * resetting the call (so a client-streaming handler may answer as though the stream had ended
 * normally, and the client never sees that answer), the server learning of it a moment late.
 */
const DEADLINE_SLACK_MS = 20;

/**
 * What `signal` aborts with once the call is over for the client: a `TimeoutError` when the
 * deadline passed (as `AbortSignal.timeout` does), else an `AbortError` saying who ended it.
 */
function abortReason(ended: EndedStatus): DOMException {
  if (ended.code === GrpcCode.DEADLINE_EXCEEDED) return new DOMException('The deadline of the call passed', 'TimeoutError');
  if (ended.code === GrpcCode.CANCELLED) return new DOMException('The client cancelled the call', 'AbortError');
  return new DOMException(`The server ended the call with status ${ended.code}: ${ended.details}`, 'AbortError');
}

/**
 * Response metadata names that are not the application's to send: HTTP/1 connection headers,
 * which HTTP/2 forbids (Node throws on them as it writes the trailers, outside any call's error
 * handling), and the names gRPC keeps for itself (`grpc-status` would replace the call's status).
 */
const transportHeaders = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'te', 'content-type']);

function isTransportHeader(name: string): boolean {
  return transportHeaders.has(name) || name.startsWith('grpc-') || name.startsWith(':');
}

/**
 * One gRPC call of any kind: the execution context guards see and the argument source handlers
 * read, over a grpc-js call. Cheap to create: everything not read by the chain is computed on demand.
 *
 * `payload` is the request message on unary and server-streaming calls, and the incoming messages
 * (an `AsyncIterable`, read once) on client-streaming and bidirectional ones.
 *
 * `context.req` is absent on gRPC (the spec: a guard reading it fails with
 * "Cannot read properties of undefined …", answered UNKNOWN).
 */
export class GrpcCall extends GrpcCallBase implements GrpcCallShape {
  /** Response metadata set through `setResponseHeader`; sent as trailers with the answer. */
  responseMetadata?: Metadata;
  /** Set by the handler when the application observes its calls. */
  observation?: CallObservation;
  /** Messages the client streamed in so far (counted only on observed calls). */
  receivedMessages = 0;

  private incoming?: AsyncIterable<unknown>;

  constructor(
    readonly call: AnyServerCall,
    rpc: GrpcRpcRuntime,
    readonly kind: RpcKind = 'unary',
  ) {
    super(rpc);
  }

  get grpcMetadata(): Metadata {
    return this.call.metadata;
  }
  get payload(): unknown {
    if (this.kind === 'unary' || this.kind === 'serverStream') return acceptedMessage(this.call.request);
    const count = this.observation && (() => this.receivedMessages++);
    return (this.incoming ??= incomingMessages(this.call as unknown as NodeJS.ReadableStream, this.signal, count));
  }
  /** grpc-js gives `Infinity` when the client set no deadline, a Date or epoch milliseconds otherwise. */
  get deadline(): Date | undefined {
    const deadline = this.call.getDeadline();
    if (deadline instanceof Date) return deadline;
    return Number.isFinite(deadline) ? new Date(deadline) : undefined;
  }
  /** The peer's IP address without the port, so per-caller limits count a client once. */
  getRemoteAddress(): string {
    return addressOfPeer(this.call.getPeer());
  }
  /**
   * Sets a response metadata entry, replacing an earlier value of the same (lower-cased) key, as an
   * HTTP header would. A name the transport owns (`connection`, `content-type`, `grpc-*`, …) is
   * not sent: a guard or interceptor shared with HTTP may set one.
   */
  setResponseHeader(name: string, value: string): void {
    const key = name.toLowerCase();
    if (isTransportHeader(key)) return;
    (this.responseMetadata ??= new Metadata()).set(key, value);
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

  /** What the telemetry reads of the call: its peer and its metadata. */
  get facts(): GrpcCallFacts {
    const metadata = this.call.metadata;
    return {
      remoteAddress: this.getRemoteAddress(),
      metadataValues: (key) => metadata.get(key).filter((value): value is string => typeof value === 'string'),
      metadataKeys: () => Object.keys(metadata.getMap()),
    };
  }

  /**
   * The status the client receives when it is not the handler's answer, or `undefined` when it is.
   * Once grpc-js marked the call cancelled, the status grpc-js wrote itself (a message over the
   * receive limit, the deadline; see `writtenStatus`). Else DEADLINE_EXCEEDED when the deadline has
   * passed (within `DEADLINE_SLACK_MS`): the client stopped waiting at it. Else, once cancelled,
   * CANCELLED (the client reset the call).
   */
  endedStatus(): EndedStatus | undefined {
    const cancelled = this.call.cancelled;
    const written = cancelled ? writtenStatus(this.call) : undefined;
    if (written) return written;
    const deadline = this.deadline;
    const deadlinePassed = deadline !== undefined && deadline.getTime() <= Date.now() + DEADLINE_SLACK_MS;
    return deadlinePassed || cancelled ? unwrittenStatus(deadlinePassed) : undefined;
  }

  /**
   * grpc-js emits `cancelled` when the client cancels the call, when its deadline passes, and when
   * it ends the call itself (a message over the receive limit); the reason tells them apart.
   */
  protected override onCancel(cancel: (reason: unknown) => void): void {
    const cancelled = (): void => cancel(abortReason(this.endedStatus() ?? unwrittenStatus(false)));
    if (this.call.cancelled) cancelled();
    else this.call.once('cancelled', cancelled);
  }
  /** gRPC payloads arrive decoded and are not validated (spec), so there is nothing to load. */
  loadBody(): Promise<void> {
    return Promise.resolve();
  }
}
