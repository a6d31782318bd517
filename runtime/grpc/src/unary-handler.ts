import { GrpcCode, type Logger } from '@framework/core';
import { isThenable, type GrpcMethodTelemetry, type PreparedHandler } from '@framework/core/transport';
import type { handleClientStreamingCall, handleUnaryCall, sendUnaryData } from '@grpc/grpc-js';
import { GrpcCall, type AnyServerCall, type GrpcRpcRuntime } from './grpc-call.js';
import { endObserved, observedChain } from './observed-call.js';
import type { RunningHandlers } from './running-handlers.js';
import { isUnexpected, statusOfError } from './status.js';

/** What a handler returning `undefined` or `null` answers: the empty message (all fields default). */
const emptyMessage = Object.freeze({});

/**
 * Builds, once per RPC, the grpc-js handler of an RPC answered with one message (unary, and
 * client streaming, whose handler reads the incoming messages from its `@GrpcStream()` parameter),
 * running the RPC's prepared chain.
 *
 * Response metadata set with `context.setResponseHeader` travels as trailing metadata, with the
 * status: grpc-js clients read it from `error.metadata` on failures and from the call's `status`
 * event on success, including errors answered before any message (trailers-only responses).
 *
 * Nothing in here can throw into grpc-js: every error of the chain becomes a status. A call the
 * client cancelled or whose deadline passed is still answered; grpc-js drops that answer. A
 * handler counts in `running` until it settles, so that the server's drain waits for it even
 * once its call is gone.
 *
 * @example
 * implementation.GetTodo = unaryHandler({ entry, controllerClass }, host.prepare(entry, { readsBody: false }), host.logger, running, 'unary', telemetry);
 */
export function unaryHandler(
  rpc: GrpcRpcRuntime,
  run: PreparedHandler,
  logger: Logger,
  running: RunningHandlers,
  kind: 'unary' | 'clientStream' = 'unary',
  telemetry?: GrpcMethodTelemetry,
): handleUnaryCall<unknown, unknown> & handleClientStreamingCall<unknown, unknown> {
  const where = `${rpc.entry.name} (gRPC ${rpc.entry.path})`;
  const invoke = observedChain(run, telemetry);

  const succeed = (call: GrpcCall, callback: sendUnaryData<unknown>, value: unknown): void => {
    call.answered = true;
    if (call.observation) endObserved(call, GrpcCode.OK);
    callback(null, value ?? emptyMessage, call.responseMetadata);
  };
  const fail = (call: GrpcCall, callback: sendUnaryData<unknown>, error: unknown): void => {
    const status = statusOfError(error);
    const observation = call.observation;
    if (observation) {
      observation.fail(error);
      endObserved(call, status.code);
    }
    // An error caused by the cancellation itself (a read of the aborted stream) is nobody's bug.
    if (isUnexpected(error) && !call.call.cancelled && !observation?.logsErrors) logger.error(`Unhandled error in ${where}`, error);
    call.answered = true;
    callback(call.responseMetadata ? { ...status, metadata: call.responseMetadata } : status);
  };

  return (serverCall: AnyServerCall, callback: sendUnaryData<unknown>) => {
    const call = new GrpcCall(serverCall, rpc, kind);
    let answer: unknown;
    try {
      answer = invoke(call);
    } catch (error) {
      fail(call, callback, error);
      return;
    }
    // Synchronous chains (no async guard, middleware or handler) answer without a promise.
    if (isThenable(answer)) {
      running.begin();
      answer.then(
        (value: unknown) => {
          running.end();
          succeed(call, callback, value);
        },
        (error: unknown) => {
          running.end();
          fail(call, callback, error);
        },
      );
    } else {
      succeed(call, callback, answer);
    }
  };
}
