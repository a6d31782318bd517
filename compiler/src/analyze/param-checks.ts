import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ParamIR } from '../ir/index.js';

/**
 * FW1801 for a `@Param(name)` or `@Query(name)` declared with a type no conversion exists for and
 * given no pipe; FW1803 for such a member of a `@Query()` class (once per class, `checked` keeps
 * which were seen); FW1804 for either declared as an array of such a type (`filters: Filter[]`);
 * FW2308/FW2309 for pipes whose types do not meet (`discover/pipe-types.ts`).
 *
 * @example
 * checkParamTypes(param, 'TodoController.findOne', new Set()) // [FW1801 at @Param('id')] for `id: string[]`
 */
export function checkParamTypes(param: ParamIR, handler: string, checked: Set<string>): Diagnostic[] {
  const mismatch = param.pipeMismatch;
  if (mismatch) {
    const { kind, location, ...args } = mismatch;
    return [diagnostic(kind === 'output' ? 'FW2308' : 'FW2309', location, { ...args, param: param.name, handler })];
  }
  const source = param.source;
  const conversion = param.conversion;
  if (source.kind === 'query' && conversion?.kind === 'unsupported' && conversion.item !== undefined && !param.pipes?.length) {
    const subject = `@Query('${source.name ?? ''}') parameter '${param.name}' of ${handler}`;
    return [diagnostic('FW1804', param.location, { subject, type: param.typeText, item: conversion.item, key: source.name ?? param.name })];
  }
  if ((source.kind === 'param' || source.kind === 'query' || source.kind === 'cookie') && conversion?.kind === 'unsupported' && !param.pipes?.length) {
    const name = { param: 'Param', query: 'Query', cookie: 'Cookie' }[source.kind];
    const decorator = `@${name}('${source.name ?? ''}')`;
    const pipeExample = `@${name}('${source.name ?? ''}', MyPipe)`;
    return [
      diagnostic('FW1801', param.location, {
        decorator,
        param: param.name,
        handler,
        type: param.typeText,
        place: source.kind === 'param' ? 'path' : source.kind,
        example: `${pipeExample} with a class whose transform(value, metadata) returns a ${param.typeText}`,
      }),
    ];
  }
  if (!param.queryMembers || !param.dto || checked.has(param.dto.ref.key)) return [];
  checked.add(param.dto.ref.key);
  const dto = param.dto.ref.name;
  return param.queryMembers.flatMap(({ name, conversion: c, location }) => {
    if (c.kind !== 'unsupported') return [];
    if (c.item === undefined) return [diagnostic('FW1803', location, { member: name, dto, type: c.type })];
    return [diagnostic('FW1804', location, { subject: `Member '${name}' of query class ${dto}`, type: c.type, item: c.item, key: name })];
  });
}
