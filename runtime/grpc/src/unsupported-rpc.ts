import type { MethodDefinition, UntypedHandleCall } from '@grpc/grpc-js';
import { unimplemented } from './status.js';

/** The four call shapes of gRPC, named as grpc-js names them. */
export type RpcKind = 'unary' | 'clientStream' | 'serverStream' | 'bidi';

export function kindOf(method: MethodDefinition<unknown, unknown>): RpcKind {
  if (method.requestStream) return method.responseStream ? 'bidi' : 'clientStream';
  return method.responseStream ? 'serverStream' : 'unary';
}

const kindNames: Record<RpcKind, string> = {
  unary: 'unary',
  clientStream: 'client-streaming',
  serverStream: 'server-streaming',
  bidi: 'bidirectional-streaming',
};

/** Human name of a kind, for messages (`server-streaming`). */
export function describeKind(kind: RpcKind): string {
  return kindNames[kind];
}

/**
 * A handler that answers every call UNIMPLEMENTED with `details`, in the shape grpc-js expects
 * for the RPC's kind (callback for single responses, an `error` event for response streams).
 *
 * @example
 * implementation.Watch = unsupportedRpcHandler('serverStream', 'todo.TodoService/Watch is not implemented by this server: no @GrpcMethod binds it.');
 */
export function unsupportedRpcHandler(kind: RpcKind, details: string): UntypedHandleCall {
  const status = unimplemented(details);
  if (kind === 'unary' || kind === 'clientStream') {
    return ((_call: unknown, callback: (error: typeof status) => void) => callback(status)) as UntypedHandleCall;
  }
  return ((call: { emit(event: 'error', error: typeof status): void }) => call.emit('error', status)) as UntypedHandleCall;
}
