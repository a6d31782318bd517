import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { suggest } from '../diagnostics/suggest.js';
import type { GrpcMethodIR } from '../ir/index.js';
import type { ProtoRpc } from '../proto/types.js';

/** The kind of an RPC in words, for messages. */
export function rpcKindText(rpc: ProtoRpc): string {
  if (rpc.requestStream) return rpc.responseStream ? 'bidirectional-streaming' : 'client-streaming';
  return rpc.responseStream ? 'server-streaming' : 'unary';
}

/**
 * Checks a handler's shape against its RPC's kind: FW2200 (a streamed answer, but the handler
 * returns no iterable), FW2201 (one answer, but the handler returns an iterable), FW2202
 * (`@GrpcPayload()` on an RPC whose requests are streamed), FW2203 (`@GrpcStream()` on an RPC with
 * one request), and FW2204 (fields of the returned type the response message does not have).
 *
 * @example
 * checkShape(method, 'TodoGrpc.ListTodos', rpc, 'todo.TodoService') // [FW2200 …] when ListTodos returns a Todo
 */
export function checkShape(method: GrpcMethodIR, handler: string, rpc: ProtoRpc, service: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const base = { handler, service, rpc: rpc.name, kind: rpcKindText(rpc) };
  for (const p of method.params) {
    if (p.source.kind !== 'payload') continue;
    if (rpc.requestStream && !p.source.stream) {
      diagnostics.push(diagnostic('FW2202', p.location, { ...base, param: p.name, message: rpc.requestType }));
    } else if (!rpc.requestStream && p.source.stream) {
      diagnostics.push(diagnostic('FW2203', p.location, { ...base, param: p.name, message: rpc.requestType }));
    }
  }
  const returns = method.returns;
  if (!returns || returns.kind === 'unknown') return diagnostics;
  if (rpc.responseStream && returns.kind === 'single') {
    diagnostics.push(diagnostic('FW2200', method.location, { ...base, type: returns.text, message: rpc.responseType }));
    return diagnostics;
  }
  if (!rpc.responseStream && returns.kind === 'iterable') {
    diagnostics.push(diagnostic('FW2201', method.location, { ...base, type: returns.text, message: rpc.responseType }));
    return diagnostics;
  }
  const extra = returns.fields?.filter((f) => !rpc.responseFields.includes(f)) ?? [];
  if (extra.length > 0) {
    const renames = extra.flatMap((f) => {
      const guess = suggest(f, rpc.responseFields);
      return guess ? [`rename '${f}' to '${guess}'`] : [];
    });
    diagnostics.push(
      diagnostic('FW2204', method.location, {
        ...base,
        type: returns.text,
        fields: extra.length === 1 ? `field '${extra[0]}' is` : `fields ${extra.map((f) => `'${f}'`).join(', ')} are`,
        message: rpc.responseType,
        messageFields: rpc.responseFields.join(', ') || 'none',
        renames: renames.join(', '),
      }),
    );
  }
  return diagnostics;
}
