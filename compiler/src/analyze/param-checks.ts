import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ParamIR } from '../ir/index.js';

/** The `items` option of `ParseArrayPipe` per element conversion ('' for strings, its default). */
const ITEMS: Partial<Record<string, string>> = { string: '', number: 'Number', boolean: 'Boolean', date: 'Date' };

/**
 * FW1801 for a `@Param(name)` or `@Query(name)` declared with a type no conversion exists for and
 * given no pipe; FW1803 for such a member of a `@Query()` class (once per class, `checked` keeps
 * which were seen); FW1804 for either declared as an array of such a type (`filters: Filter[]`);
 * FW2308/FW2309 for pipes whose types do not meet (`discover/pipe-types.ts`), FW1811 for a query
 * array given a pipe that reads one text (`@Query('ids', ParseIntPipe) ids: number[]`), also when
 * a pipe taking every value comes after it (`@Query('ids', TrimPipe, new ParseArrayPipe()) ids: string[]`);
 * FW1805 for a `@Header(name)` declared as a string that cannot be `undefined`.
 *
 * @example
 * checkParamTypes(param, 'TodoController.findOne', new Set()) // [FW1801 at @Param('id')] for `id: string[]`
 */
export function checkParamTypes(param: ParamIR, handler: string, checked: Set<string>): Diagnostic[] {
  const mismatch = param.pipeMismatch;
  const source = param.source;
  const conversion = param.conversion;
  if (mismatch?.kind === 'one-value' && source.kind === 'query') {
    const { pipe, given, expected, location, then } = mismatch;
    const named = { pipe, type: expected, param: param.name, handler, key: source.name ?? param.name };
    if (then) return [diagnostic('FW1811', location, { ...named, then: then.name, thenText: then.text })];
    // ParseArrayPipe converts its items to these four types (an enum's values it leaves as strings).
    const items = conversion?.kind === 'array' ? ITEMS[conversion.item.kind] : undefined;
    const parseArray = items === undefined ? '' : `new ParseArrayPipe(${items ? `{ items: ${items} }` : ''})`;
    return [diagnostic('FW1811', location, { ...named, given, parseArray, convertible: conversion?.kind === 'array' ? 'yes' : '' })];
  }
  if (mismatch) {
    const { kind, location, pipe, given, source: from, expected } = mismatch;
    return [diagnostic(kind === 'output' ? 'FW2308' : 'FW2309', location, { pipe, given, source: from, expected, param: param.name, handler })];
  }
  if (source.kind === 'query' && conversion?.kind === 'unsupported' && conversion.item !== undefined && !param.pipes?.length) {
    const subject = `@Query('${source.name ?? ''}') parameter '${param.name}' of ${handler}`;
    return [diagnostic('FW1804', param.location, { subject, type: param.typeText, item: conversion.item, key: source.name ?? param.name })];
  }
  if ((source.kind === 'param' || source.kind === 'query' || source.kind === 'cookie' || source.kind === 'header') && conversion?.kind === 'unsupported' && !param.pipes?.length) {
    const name = { param: 'Param', query: 'Query', cookie: 'Cookie', header: 'Header' }[source.kind];
    const decorator = `@${name}('${source.name ?? ''}')`;
    const pipeExample = `@${name}('${source.name ?? ''}', MyPipe)`;
    return [
      diagnostic('FW1801', param.location, {
        decorator,
        param: param.name,
        handler,
        type: param.typeText,
        place: source.kind === 'param' ? 'path' : source.kind,
        // `@Header(name)` takes no pipe: its text is read as a string and converted by the handler.
        example: source.kind === 'header' ? `@Header('${source.name ?? ''}') ${param.name}?: string, converted in the handler` : `${pipeExample} with a class whose transform(value, metadata) returns a ${param.typeText}`,
      }),
    ];
  }
  // An absent header is `undefined` (as NestJS's `@Headers(name)` gives it) where the handler declared a string.
  if (source.kind === 'header' && source.name !== undefined && conversion?.kind === 'string' && !param.optional && param.typeText !== 'any' && param.typeText !== 'unknown') {
    return [diagnostic('FW1805', param.location, { decorator: `@Header('${source.name}')`, param: param.name, handler, type: param.typeText })];
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
