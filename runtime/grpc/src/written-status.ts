import { GrpcCode } from '@framework/core';
import type { OutgoingHttpHeaders } from 'node:http2';

/** A status as the client received it. */
export interface EndedStatus {
  readonly code: number;
  readonly details: string;
}

/** What grpc-js keeps of a call, as far as it is read here: not public API, so only read. */
interface CallLayer {
  /** The HTTP/2 stream, on grpc-js's innermost call. */
  readonly stream?: { readonly sentHeaders?: OutgoingHttpHeaders; readonly sentTrailers?: OutgoingHttpHeaders };
  /** The call a grpc-js server interceptor (`serverOptions.interceptors`) wraps. */
  readonly nextCall?: CallLayer;
}

function statusIn(headers: OutgoingHttpHeaders | undefined): EndedStatus | undefined {
  const code = headers?.['grpc-status'];
  if (code === undefined) return undefined;
  const message = headers!['grpc-message'];
  let details = typeof message === 'string' ? message : '';
  try {
    details = decodeURI(details); // grpc-js writes it with encodeURI
  } catch {
    // Kept as written.
  }
  return { code: Number(code), details };
}

/**
 * The status grpc-js wrote on a call's HTTP/2 stream (in its trailers, or in a trailers-only
 * answer), or `undefined` when none was written: the client reset the call first, or grpc-js no
 * longer keeps its stream where this reads it.
 *
 * grpc-js answers some calls itself, without the handler: a message over the receive limit
 * (RESOURCE_EXHAUSTED), one it cannot decode (INTERNAL), a passed deadline (DEADLINE_EXCEEDED).
 * It then marks the call cancelled, as it does when the client cancels, and drops the handler's
 * answer; this tells the two apart.
 *
 * @example
 * writtenStatus(serverCall); // { code: 8, details: 'Received message larger than max (4101 vs 1024)' }
 */
export function writtenStatus(serverCall: object): EndedStatus | undefined {
  let layer = (serverCall as { readonly call?: CallLayer }).call;
  for (let depth = 0; layer !== undefined && layer !== null && depth < 64; depth++) {
    const stream = layer.stream;
    if (stream !== undefined && stream !== null) return statusIn(stream.sentTrailers) ?? statusIn(stream.sentHeaders);
    layer = layer.nextCall;
  }
  return undefined;
}

/** The status of a call the client reset before any was written: its deadline's, or CANCELLED. */
export function unwrittenStatus(deadlinePassed: boolean): EndedStatus {
  return deadlinePassed ? { code: GrpcCode.DEADLINE_EXCEEDED, details: 'Deadline exceeded' } : { code: GrpcCode.CANCELLED, details: 'Cancelled by the client' };
}
