import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/index.js';
import { STRICT_OPTIONS } from './app-fixture.js';
import { compileFixture, fixtureSrc, golden, ROOT, TMP } from './helpers.js';

/** A golden error of a fixture's app.module.ts. */
const error = (code: string, fixture: string, line: number, column: number, message: string) => ({
  code, severity: 'error', file: `test/compiler/fixtures/${fixture}/src/app.module.ts`, line, column, message,
});

test('FW1801: a @Param, @Query(name) or @Header(name) type the text cannot be converted to, at the decorator, with the options and a pipe', async () => {
  const result = await compileFixture('fw1801-unconvertible-param');
  const fw1801 = (line: number, column: number, message: string) => error('FW1801', 'fw1801-unconvertible-param', line, column, message);
  assert.equal(result.diagnostics.map(golden), [
    fw1801(6, 8, "@Param('ids') parameter 'ids' of ItemsController.find is declared as string[], which the text of a path parameter cannot be converted to."),
    fw1801(6, 37, "@Query('filter') parameter 'filter' of ItemsController.find is declared as { name: string }, which the text of a query parameter cannot be converted to."),
    fw1801(11, 8, "@Header('x-range') parameter 'range' of ItemsController.list is declared as { from: number }, which the text of a header parameter cannot be converted to."),
  ]);
  assert.is(
    result.diagnostics[2]?.hint,
    "declare it as string, number, boolean, Date (ISO 8601), an enum or a union of string or number literals, or read it as @Header('x-range') range?: string, converted in the handler.",
  );
  assert.is(
    result.diagnostics[0]?.hint,
    "declare it as string, number, boolean, Date (ISO 8601), an enum or a union of string or number literals, or convert it with a pipe: @Param('ids', MyPipe) with a class whose transform(value, metadata) returns a string[].",
  );
  assert.match(result.diagnostics[1]?.hint ?? '', "(optional with '?', '| undefined' or a default value)");
  assert.is(result.ok, false);
});

test('FW1805: a @Header(name) declared string but not optional, at the decorator; the fix the hint gives builds tables that type-check', async () => {
  const result = await compileFixture('fw1805-header-string');
  assert.equal(result.diagnostics.map(golden), [
    error('FW1805', 'fw1805-header-string', 6, 8, "@Header('x-tenant') parameter 'tenant' of PlansController.list is declared as string, but a request without that header gives undefined: the generated call would hand undefined to a string, which tsc rejects in the generated tables under strictNullChecks."),
  ]);
  const hint = result.diagnostics[0]!.hint;
  assert.is(hint, "declare it optional: `@Header('x-tenant') tenant?: string` (or `string | undefined`), or declare a type it converts to (number, boolean, Date, an enum or a union of literals), which makes the header required (a 400 without it).");
  // Applied as written, the fix builds, and the tables pass strict tsc.
  const fixed = path.join(TMP, 'fw1805-fixed');
  fs.rmSync(fixed, { recursive: true, force: true });
  fs.mkdirSync(path.join(fixed, 'src'), { recursive: true });
  const source = fs.readFileSync(path.join(ROOT, fixtureSrc('fw1805-header-string'), 'app.module.ts'), 'utf8');
  fs.writeFileSync(path.join(fixed, 'src/app.module.ts'), source.replace("@Header('x-tenant') tenant: string", /`(.*?)`/.exec(hint)![1]!));
  const rebuilt = await build({ srcDir: path.join(fixed, 'src'), outDir: path.join(fixed, 'generated'), cwd: ROOT, write: true });
  assert.equal(rebuilt.diagnostics.map((d) => d.code), []);
  const program = ts.createProgram([path.join(fixed, 'generated/tables.ts')], STRICT_OPTIONS);
  assert.equal(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')), []);
});

test('FW1803: a member of a @Query() class whose type a query text cannot be converted to, at the member', async () => {
  const result = await compileFixture('fw1803-query-member');
  assert.equal(result.diagnostics.map(golden), [
    error('FW1803', 'fw1803-query-member', 6, 17, "Member 'range' of query class SearchQuery is declared as { from: number }, which a query parameter's text cannot be converted to."),
  ]);
  assert.is(
    result.diagnostics[0]?.hint,
    'declare it as string, number, boolean, Date (ISO 8601), an enum, a union of string or number literals, or an array of one of these (every value of a repeated key); read anything else as a string and convert it in the handler.',
  );
});

test('FW1804: a query array of objects or of arrays, as a @Query() member or a @Query(name) parameter, at the member or decorator', async () => {
  const fixture = 'fw1804-query-array-of-objects';
  const result = await compileFixture(fixture);
  assert.equal(result.diagnostics.map(golden), [
    error('FW1804', fixture, 9, 17, "Member 'ranges' of query class FilterQuery is declared as Range[]: a repeated query key gives text values, which cannot be converted to Range."),
    error('FW1804', fixture, 15, 39, "@Query('pair') parameter 'pairs' of SearchController.search is declared as { a: string }[]: a repeated query key gives text values, which cannot be converted to { a: string; }."),
    error('FW1804', fixture, 15, 79, "@Query('grid') parameter 'grid' of SearchController.search is declared as string[][]: a repeated query key gives text values, which cannot be converted to string[]."),
  ]);
  assert.is(
    result.diagnostics[0]?.hint,
    "declare an array of string, number, boolean, Date (ISO 8601), an enum or a union of string or number literals (?ranges=a&ranges=b gives ['a', 'b']), or take ranges as a string (JSON, say) and parse it in the handler.",
  );
  assert.is(result.ok, false);
});

test('FW1811: a query array given a pipe that reads one text, at the pipe, with the ways to read every value', async () => {
  const fixture = 'fw1811-query-array-pipe';
  const result = await compileFixture(fixture);
  assert.equal(result.diagnostics.map(golden), [
    error('FW1811', fixture, 10, 22, "ParseIntPipe on @Query('ids') parameter 'ids' of ItemsController.find reads one text, so it would get only the first value of a repeated key and produce number, but 'ids' is declared as number[]."),
    error('FW1811', fixture, 10, 68, "JsonPipe on @Query('filter') parameter 'filters' of ItemsController.find reads one text, so it would get only the first value of a repeated key and produce { a: string; }, but 'filters' is declared as { a: string; }[]."),
    error('FW2308', fixture, 10, 158, "Parameter 'tags' of ItemsController.find is declared as string[], but its last pipe ParseArrayPipe produces number[]: the handler would receive a value of another type than it declares (and the generated tables would not type-check)."),
  ]);
  assert.equal(result.diagnostics.slice(0, 2).map((d) => d.hint), [
    "drop the pipe: `@Query('ids') ids: number[]` converts every value (?ids=1&ids=2); or give every value to new ParseArrayPipe({ items: Number }), which also cuts each at commas (?ids=1,2); or declare 'ids' as number to take the first value only.",
    "let JsonPipe's transform take readonly string[] | undefined (every value of the key) and return { a: string; }[]; or declare 'filters' as { a: string; } to take the first value only.",
  ]);
  assert.is(result.ok, false);
});

test('FW1811: a pipe that reads one text before one that takes every value of a query array, at the first pipe, with the fix', async () => {
  const fixture = 'fw1811-pipe-before-array';
  const result = await compileFixture(fixture);
  assert.equal(result.diagnostics.map(golden), [
    error('FW1811', fixture, 17, 19, "TrimPipe on @Query('ids') parameter 'ids' of ItemsController.find reads one text, so ParseArrayPipe after it, which takes every value of the key, would be handed the first only: the other values of a repeated key (?ids=1&ids=2) would be dropped silently."),
    error('FW1811', fixture, 18, 19, "TrimPipe on @Query('tag') parameter 'tags' of ItemsController.find reads one text, so SortedPipe after it, which takes every value of the key, would be handed the first only: the other values of a repeated key (?tag=1&tag=2) would be dropped silently."),
  ]);
  assert.is(
    result.diagnostics[0]?.hint,
    "put new ParseArrayPipe({ items: Number }) first, where it gets every value (`@Query('ids', new ParseArrayPipe({ items: Number }))`), and do what TrimPipe does after it, on the list; or let TrimPipe's transform take readonly string[] | undefined (every value of the key) and return a string array for ParseArrayPipe.",
  );
  assert.is(result.ok, false);
});

test('a pipe takes the place of the conversion: no FW1801 for `@Query(\'tags\', SplitPipe) tags: string[]`', async () => {
  const result = await compileFixture('typed-params');
  assert.equal(result.diagnostics, []);
});

test.run();
