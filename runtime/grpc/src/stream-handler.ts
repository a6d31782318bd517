import { GrpcCode, type Logger } from '@framework/core';
import type { ErrorFilters, GrpcMethodTelemetry, PreparedHandler } from '@framework/core/transport';
import type { handleBidiStreamingCall, handleServerStreamingCall, ServerWritableStream } from '@grpc/grpc-js';
import { GrpcCall, type AnyServerCall, type GrpcRpcRuntime } from './grpc-call.js';
import { endObserved, observedChain } from './observed-call.js';
import { writeMessages } from './outgoing-messages.js';
import type { RunningHandlers } from './running-handlers.js';
import { isUnexpected, statusOfError } from './status.js';

type ResponseStream = AnyServerCall & Pick<ServerWritableStream<unknown, unknown>, 'write' | 'end' | 'emit' | 'once' | 'off' | 'writableNeedDrain'>;

/**
 * Builds, once per RPC, the grpc-js handler of an RPC answered with a stream of messages (server
 * streaming, and bidirectional streaming, whose handler also reads the incoming messages from its
 * `@GrpcStream()` parameter).
 *
 * The prepared chain (middleware, guards, interceptors) runs once, before the first message; its
 * answer is an iterable (an `async *` method's generator, or an array) whose values are sent one
 * by one as the client takes them. An error the chain throws ends the call with its mapped status
 * (after its filters, inside the chain). An error of the iteration, after the messages already
 * sent, goes to the same filters (`filters`, the handler's, from `host.errorFilters`): what one
 * answers is sent in place of the rest of the stream, what one throws ends the call with its
 * mapped status, and an error none answers ends it with its own. Response metadata set with
 * `context.setResponseHeader` travels as trailing metadata, with the status. A handler counts in
 * `running` until its stream is over and its iterator closed (a generator left early by a cancel
 * runs its `finally` first), so that the server's drain waits for it even once its call is gone.
 *
 * @example
 * implementation.ListTodos = streamHandler({ entry, controllerClass }, host.prepare(entry, { readsBody: false }), host.logger, running, 'serverStream', telemetry, host.errorFilters(entry));
 */
export function streamHandler(
  rpc: GrpcRpcRuntime,
  run: PreparedHandler,
  logger: Logger,
  running: RunningHandlers,
  kind: 'serverStream' | 'bidi',
  telemetry?: GrpcMethodTelemetry,
  filters?: ErrorFilters,
): handleServerStreamingCall<unknown, unknown> & handleBidiStreamingCall<unknown, unknown> {
  const where = `${rpc.entry.name} (gRPC ${rpc.entry.path})`;
  const invoke = observedChain(run, telemetry);
  // Decided here, once: the stream of an RPC without filters has nothing to recover with.
  const recoveryOf =
    filters &&
    ((call: GrpcCall) =>
      (error: unknown): Promise<unknown> => {
        // A client that is gone sees no answer, and its stream's error is mostly the cancel itself.
        if (call.call.cancelled) return Promise.reject(error);
        const observation = call.observation;
        return observation ? observation.run(() => filters(error, call)) : filters(error, call);
      });

  const fail = (call: GrpcCall, stream: ResponseStream, error: unknown): void => {
    call.answered = true;
    const status = statusOfError(error);
    const observation = call.observation;
    if (observation) {
      observation.fail(error);
      endObserved(call, status.code);
    }
    if (stream.cancelled) return;
    if (isUnexpected(error) && !observation?.logsErrors) logger.error(`Unhandled error in ${where}`, error);
    stream.emit('error', call.responseMetadata ? { ...status, metadata: call.responseMetadata } : status);
  };
  const succeed = (call: GrpcCall, stream: ResponseStream, sent: number): void => {
    call.answered = true;
    if (call.observation) endObserved(call, GrpcCode.OK, sent);
    if (!stream.cancelled) stream.end(call.responseMetadata);
  };

  return (serverCall: AnyServerCall) => {
    const stream = serverCall as ResponseStream;
    const call = new GrpcCall(stream, rpc, kind);
    // The closing of an iterator left early (a cancel): the handler runs until it is done.
    let closing: Promise<unknown> | undefined;
    const left = (closed: Promise<unknown>): void => void (closing = closed);
    let sent: Promise<number>;
    try {
      sent = Promise.resolve(invoke(call)).then((answer) => writeMessages(answer, stream, call.signal, where, recoveryOf?.(call), left));
    } catch (error) {
      fail(call, stream, error);
      return;
    }
    running.begin();
    const over = (): void => void (closing ? closing.then(() => running.end()) : running.end());
    sent.then(
      (count) => {
        succeed(call, stream, count);
        over();
      },
      (error: unknown) => {
        fail(call, stream, error);
        over();
      },
    );
  };
}
