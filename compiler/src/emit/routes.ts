import type { RouteModel } from '../analyze/model.js';
import type { DtoIR } from '../ir/types.js';
import { chainFields, handlerHead } from './handlers.js';
import type { Hoisted } from './hoisted.js';
import type { Imports } from './imports.js';
import { key, quote, stringArray } from './literals.js';

/**
 * One `HttpRouteEntry` literal, three lines: identity and handler, the typed `invoke` closure, then
 * the routing data.
 *
 * @example
 * emitRoute(route, imports, srcDir)
 * // { id: 0, name: 'TodoController.findOne', controller: 1, handler: TodoController.prototype.findOne,
 * //   invoke: (c: TodoController, a: ArgumentSource) => c.findOne(a.param('id')),
 * //   method: 'GET', path: '/todo/:id', readsBody: false, status: 200, … }
 */
export function emitRoute(r: RouteModel, imports: Imports, srcDir: string, indent: string, hoisted: Hoisted): string {
  const data = [
    `method: ${quote(r.method)}`,
    `path: ${quote(r.path)}`,
    `readsBody: ${r.readsBody}`,
    ...(r.body ? [`body: ${emitDto(r.body, imports)}`] : []),
    `status: ${r.status}`,
    ...chainFields(r, imports, srcDir),
  ];
  return `${handlerHead(r, imports, indent, hoisted, (dto) => emitDto(dto, imports))}\n${indent}  ${data.join(', ')} }`;
}

/** `{ dto: X, members: [...], nested?: { m: { dto: {...}, each } } }` */
export function emitDto(dto: DtoIR, imports: Imports): string {
  const nested = dto.members.filter((m) => m.nested);
  const fields = [`dto: ${imports.value(dto.ref)}`, `members: ${stringArray(dto.members.map((m) => m.name))}`];
  if (nested.length > 0) {
    const entries = nested.map((m) => `${key(m.name)}: { dto: ${emitDto(m.nested!.dto, imports)}, each: ${m.nested!.each} }`);
    fields.push(`nested: { ${entries.join(', ')} }`);
  }
  return `{ ${fields.join(', ')} }`;
}
