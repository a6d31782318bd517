import type { RouteModel } from '../analyze/model.js';
import { where } from '../analyze/module-graph.js';
import type { DtoIR, ParamIR } from '../ir/types.js';
import type { Imports } from './imports.js';
import { key, member, quote, stringArray } from './literals.js';

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
export function emitRoute(r: RouteModel, imports: Imports, srcDir: string, indent: string): string {
  const cls = imports.value(r.controllerRef);
  const head = `{ id: ${r.id}, name: ${quote(r.name)}, controller: ${r.controller}, handler: ${cls}.prototype${member(r.methodName)},`;
  const args = r.params.map((p) => argument(p, cls, r.methodName, imports));
  const params = args.length > 0 ? `c: ${cls}, a: ${imports.coreType('ArgumentSource')}` : `c: ${cls}`;
  const invoke = `invoke: (${params}) => c${member(r.methodName)}(${args.join(', ')}),`;
  const data = [
    `method: ${quote(r.method)}`,
    `path: ${quote(r.path)}`,
    `readsBody: ${r.readsBody}`,
    ...(r.body ? [`body: ${emitDto(r.body, imports)}`] : []),
    `status: ${r.status}`,
    `guards: [${r.guards.join(', ')}]`,
    `middleware: [${r.middleware.map((m) => ('provider' in m ? `{ provider: ${m.provider} }` : `{ fn: ${imports.value(m.fn)} }`)).join(', ')}]`,
    `filters: [${r.filters.join(', ')}]`,
    `annotations: ${annotations(r)}`,
    `source: ${quote(where(srcDir, r.location))}`,
  ];
  return [head, `${indent}  ${invoke}`, `${indent}  ${data.join(', ')} }`].join('\n');
}

/** The read from the `ArgumentSource` that feeds one handler parameter. */
function argument(p: ParamIR, cls: string, method: string, imports: Imports): string {
  const s = p.source;
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
      return p.dto ? `a.body as ${imports.value(p.dto.ref)}` : `a.body as Parameters<${cls}[${quote(method)}]>[${p.index}]`;
    case 'none':
      return 'undefined';
  }
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

function annotations(r: RouteModel): string {
  const fields: string[] = [];
  if (r.throttle) {
    const rules = Object.entries(r.throttle).map(([name, rule]) => `${key(name)}: { ttl: ${rule.ttl}, limit: ${rule.limit} }`);
    fields.push(`throttle: { ${rules.join(', ')} }`);
  }
  if (r.skipThrottle) fields.push(`skipThrottle: ${stringArray(r.skipThrottle)}`);
  return fields.length > 0 ? `{ ${fields.join(', ')} }` : '{}';
}
