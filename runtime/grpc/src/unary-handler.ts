import type { Logger } from '@framework/core';
import { isThenable, type PreparedHandler } from '@framework/core/transport';
import type { handleUnaryCall, sendUnaryData } from '@grpc/grpc-js';
import { GrpcCall, type GrpcRpcRuntime } from './grpc-call.js';
import { isUnexpected, statusOfError } from './status.js';

/** What a handler returning `undefined` or `null` answers: the empty message (all fields default). */
const emptyMessage = Object.freeze({});

/**
 * Builds, once per RPC, the grpc-js handler that runs the RPC's prepared chain.
 *
 * Response metadata set with `context.setResponseHeader` travels as trailing metadata, with the
 * status: grpc-js clients read it from `error.metadata` on failures and from the call's `status`
 * event on success, including errors answered before any message (trailers-only responses).
 *
 * Nothing in here can throw into grpc-js: every error of the chain becomes a status. A call the
 * client cancelled or whose deadline passed is still answered; grpc-js drops that answer.
 *
 * @example
 * implementation.GetTodo = unaryHandler({ entry, controllerClass }, host.prepare(entry, { readsBody: false }), host.logger);
 */
export function unaryHandler(rpc: GrpcRpcRuntime, run: PreparedHandler, logger: Logger): handleUnaryCall<unknown, unknown> {
  const where = `${rpc.entry.name} (gRPC ${rpc.entry.path})`;

  const succeed = (call: GrpcCall, callback: sendUnaryData<unknown>, value: unknown): void => {
    call.answered = true;
    callback(null, value ?? emptyMessage, call.responseMetadata);
  };
  const fail = (call: GrpcCall, callback: sendUnaryData<unknown>, error: unknown): void => {
    if (isUnexpected(error)) logger.error(`Unhandled error in ${where}`, error);
    const status = statusOfError(error);
    call.answered = true;
    callback(call.responseMetadata ? { ...status, metadata: call.responseMetadata } : status);
  };

  return (serverCall, callback) => {
    const call = new GrpcCall(serverCall, rpc);
    let answer: unknown;
    try {
      answer = run(call);
    } catch (error) {
      fail(call, callback, error);
      return;
    }
    // Synchronous chains (no async guard, middleware or handler) answer without a promise.
    if (isThenable(answer)) {
      answer.then(
        (value: unknown) => succeed(call, callback, value),
        (error: unknown) => fail(call, callback, error),
      );
    } else {
      succeed(call, callback, answer);
    }
  };
}
