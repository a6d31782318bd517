import { GrpcCode } from '@framework/core';
import type { CallObservation, GrpcMethodTelemetry, PreparedHandler } from '@framework/core/transport';
import type { GrpcCall } from './grpc-call.js';

/**
 * The chain of an RPC as its handler runs it: as it is when the application observes nothing;
 * else each call first gets its observation (request id in the trailing metadata, a span the
 * chain runs inside), which the handler ends with the call's status.
 *
 * @example
 * const invoke = observedChain(run, host.observability.grpcMethod({ service, rpc }));
 * const answer = invoke(call);
 */
export function observedChain(run: PreparedHandler, telemetry: GrpcMethodTelemetry | undefined): (call: GrpcCall) => unknown {
  if (telemetry === undefined) return run;
  return (call) => {
    const observation = telemetry.begin(call.facts);
    call.observation = observation;
    call.setResponseHeader('x-request-id', observation.requestId);
    return observation.run(() => run(call));
  };
}

/**
 * Ends an observed call with the status the client receives: `code`, the handler's, unless the
 * call is over for the client already (`GrpcCall.endedStatus`: it cancelled, its deadline passed,
 * grpc-js answered a message over the receive limit). A stream reports its message counts.
 */
export function endObserved(call: GrpcCall, code: number, sentMessages?: number): void {
  const observation = call.observation!;
  const ended = call.endedStatus();
  if (ended) noteEnd(observation, ended.code, ended.details);
  if (call.kind !== 'unary') observation.countMessages(sentMessages ?? (call.kind === 'clientStream' ? 1 : 0), call.kind === 'serverStream' ? 1 : call.receivedMessages);
  observation.end(ended?.code ?? code);
}

/** A client that cancelled or whose deadline passed is gone; a request message over the limit is refused as an HTTP body would be. */
function noteEnd(observation: CallObservation, code: number, details: string): void {
  if (code === GrpcCode.CANCELLED || code === GrpcCode.DEADLINE_EXCEEDED) observation.clientGone();
  // grpc-js's words for the receive limit ('Received message larger than max', '… that decompresses to a size larger than'); its send limit says 'Sent'.
  else if (code === GrpcCode.RESOURCE_EXHAUSTED && details.startsWith('Received message')) observation.refuse('body_too_large', details);
}
