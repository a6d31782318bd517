import type { GrpcMethodTelemetry, PreparedHandler } from '@framework/core/transport';
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

/** Ends an observed call with its status: a cancelled call counts as a client gone; a stream reports its message counts. */
export function endObserved(call: GrpcCall, code: number, sentMessages?: number): void {
  const observation = call.observation!;
  if (call.call.cancelled) observation.clientGone();
  if (call.kind !== 'unary') observation.countMessages(sentMessages ?? (call.kind === 'clientStream' ? 1 : 0), call.kind === 'serverStream' ? 1 : call.receivedMessages);
  observation.end(code);
}
