import type { ParamIR } from '../ir/types.js';
import type { Imports } from './imports.js';
import { quote } from './literals.js';

/**
 * The read from the `ArgumentSource` that feeds one handler parameter, cast where the source is
 * untyped (`a.body`, `a.payload`, `a.metadata()`) to the declared type, so tsc checks the call.
 * `instance` is the controller's instance type as generated code writes it.
 *
 * @example
 * argument(param, 'TodoGrpc', 'GetTodo', imports) // 'a.payload as GetTodoRequest'
 * argument(param, 'TodoController', 'findOne', imports) // "a.param('id')"
 */
export function argument(p: ParamIR, instance: string, method: string, imports: Imports): string {
  const s = p.source;
  const parameter = `Parameters<${instance}[${quote(method)}]>[${p.index}]`;
  const declared = (): string => (p.typeRef?.exported ? imports.type(p.typeRef) : parameter);
  switch (s.kind) {
    case 'req':
      return 'a.req';
    case 'context':
      return 'a.context';
    case 'param':
      return `a.param(${quote(s.name)})`;
    case 'query':
      return s.name === undefined ? 'a.queries()' : `a.query(${quote(s.name)})`;
    case 'header':
      return s.name === undefined ? 'a.headers()' : `a.header(${quote(s.name)})`;
    case 'body':
      // Without a DTO class, cast to whatever the handler declares so tsc still checks the call.
      return p.dto ? `a.body as ${imports.value(p.dto.ref)}` : `a.body as ${parameter}`;
    case 'payload':
      return `a.payload as ${declared()}`;
    case 'metadata':
      // The whole metadata is typed structurally (`GrpcMetadataLike`); handlers declare grpc-js's `Metadata`.
      return s.name === undefined ? `a.metadata() as ${declared()}` : `a.metadataValues(${quote(s.name)})`;
    case 'foreign':
    case 'none':
      return 'undefined';
  }
}
