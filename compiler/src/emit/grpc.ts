import type { GrpcServiceModel } from '../analyze/model.js';
import { chainFields, handlerHead } from './handlers.js';
import type { Hoisted } from './hoisted.js';
import type { Imports } from './imports.js';
import { quote } from './literals.js';

/**
 * One `GrpcServiceEntry` literal: the controller and service on the first line, one
 * `GrpcMethodEntry` per served method (three lines each, like routes), then the RPCs that answer
 * UNIMPLEMENTED.
 *
 * @example
 * emitGrpcService(service, imports, srcDir, '    ')
 * // { controller: 3, service: 'todo.TodoService',
 * //       methods: [
 * //         { id: 6, name: 'TodoGrpcController.GetTodo', controller: 3, handler: TodoGrpcController.prototype.GetTodo,
 * //           invoke: (c: TodoGrpcController, a: ArgumentSource) => c.GetTodo(a.payload as GetTodoRequest),
 * //           rpc: 'GetTodo', path: '/todo.TodoService/GetTodo', guards: [], …, source: 'todo/todo.grpc-controller.ts:35:3' },
 * //       ],
 * //       unimplemented: [] }
 */
export function emitGrpcService(s: GrpcServiceModel, imports: Imports, srcDir: string, indent: string, hoisted: Hoisted): string {
  const inner = `${indent}    `;
  const methods = s.methods.map((m) => {
    const data = [`rpc: ${quote(m.rpc)}`, `path: ${quote(m.path)}`, ...chainFields(m, imports, srcDir)];
    return `${inner}${handlerHead(m, imports, inner, hoisted, () => 'undefined')}\n${inner}  ${data.join(', ')} },`;
  });
  const unimplemented = s.unimplemented.map((u) => `{ rpc: ${quote(u.rpc)}, reason: ${quote(u.reason)} }`);
  return [
    `{ controller: ${s.controller}, service: ${quote(s.service)},`,
    methods.length > 0 ? `${indent}  methods: [\n${methods.join('\n')}\n${indent}  ],` : `${indent}  methods: [],`,
    `${indent}  unimplemented: [${unimplemented.join(', ')}] }`,
  ].join('\n');
}
