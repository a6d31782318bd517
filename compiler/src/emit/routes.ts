import type { RouteModel } from '../analyze/model.js';
import type { FormModel } from '../analyze/upload-checks.js';
import { chainFields, handlerHead } from './handlers.js';
import type { Hoisted } from './hoisted.js';
import type { Imports } from './imports.js';
import { corsLiteral } from './cors.js';
import { quote } from './literals.js';
import { schemaEntry } from './schemas.js';
import type { DtoEntries } from './validators.js';

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
export function emitRoute(r: RouteModel, imports: Imports, srcDir: string, indent: string, hoisted: Hoisted, dtos: DtoEntries): string {
  const data = [
    `method: ${quote(r.method)}`,
    `path: ${quote(r.path)}`,
    `readsBody: ${r.readsBody}`,
    // An array body is the DTO's entry marked `array`: `body: arrayOf($ItemDto)`, an array of ItemDto.
    ...(r.body ? [`body: ${r.bodyArray ? `${imports.validation('arrayOf')}(${dtos.entry(r.body)})` : dtos.entry(r.body)}`] : []),
    ...(r.bodySchema ? [`body: ${schemaEntry(r.bodySchema, imports, hoisted)}`] : []),
    `status: ${r.status}`,
    ...(r.stream ? [`stream: ${quote(r.stream)}`] : []),
    ...(r.messages ? [`messages: ${dtos.entry(r.messages)}`] : []),
    ...(r.versions ? [`versions: [${r.versions.values.map(quote).join(', ')}]`, ...(r.versions.neutral ? ['versionNeutral: true'] : [])] : []),
    ...(r.cors ? [`cors: ${corsLiteral(r.cors.value)}`] : []),
    ...(r.form ? [`form: ${formEntry(r.form)}`] : []),
    ...(r.bodyLimit !== undefined ? [`bodyLimit: ${r.bodyLimit}`] : []),
    ...chainFields(r, imports, srcDir),
  ];
  const answer = r.setHeaders || r.redirect ? { ...(r.setHeaders ? { setHeaders: r.setHeaders } : {}), ...(r.redirect ? { redirect: r.redirect } : {}) } : undefined;
  return `${handlerHead(r, imports, indent, hoisted, (dto) => dtos.entry(dto), answer)}\n${indent}  ${data.join(', ')} }`;
}

/** A `FormEntry` literal: each file field with its limits and types. */
function formEntry(form: FormModel): string {
  const files = form.files.map((file) => {
    const fields = [
      `field: ${quote(file.field)}`,
      `maxCount: ${file.many ? (file.maxCount ?? 10) : 1}`,
      ...(file.maxBytes !== undefined ? [`maxBytes: ${file.maxBytes}`] : []),
      ...(file.types ? [`types: [${file.types.map(quote).join(', ')}]`] : []),
      `required: ${file.required}`,
    ];
    return `{ ${fields.join(', ')} }`;
  });
  return `{ files: [${files.join(', ')}] }`;
}
