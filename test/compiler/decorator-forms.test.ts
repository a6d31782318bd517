/**
 * Every way a decorator or a controller can be written is read, or reported at its line: a
 * decorator applied through parentheses, `as`, `satisfies`, `!` or `<T>` builds the same tables and
 * OpenAPI document as one written plainly (HTTP, gRPC, class, method and parameter decorators);
 * an expression that only its type says is a framework decorator is FW1016; a module, injectable
 * or controller declared inside a function or as a class expression is FW1017; a decorator given
 * more arguments than it takes is FW1018, one applied without a call FW1019.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';
import { buildCase } from './hostile-build.js';
import type { CaseFiles } from './hostile-cases.js';

const PROTO = 'syntax = "proto3";\npackage x;\nservice S { rpc M (R) returns (R); }\nmessage R { string id = 1; }\n';

/** One application of every decorator family, each decorator written as `wrap` makes it. */
function application(wrap: (name: string) => string): CaseFiles {
  return {
    's.proto': PROTO,
    'app.module.ts': [
      "import { fileURLToPath } from 'node:url';",
      "import { Body, Controller, Get, Injectable, Module, Param, Post, Query } from '@framework/core';",
      "import { IsString } from '@framework/core/validators';",
      "import { GrpcController, GrpcMetadata, GrpcMethod, GrpcPayload, loadProto } from '@framework/grpc';",
      'void GrpcMetadata;',
      "const proto = loadProto(fileURLToPath(new URL('./s.proto', import.meta.url)));",
      `${wrap('Injectable')}()`,
      'export class NotesService { all(): string[] { return []; } }',
      'export class NoteDto {',
      `  ${wrap('IsString')}() text!: string;`,
      '}',
      `${wrap('Controller')}('/notes')`,
      'export class NotesController {',
      '  constructor(private readonly notes: NotesService) {}',
      `  ${wrap('Get')}('/:id') one(${wrap('Param')}('id') id: string, ${wrap('Query')}('q') q?: string): string { return id + (q ?? ''); }`,
      `  ${wrap('Post')}() add(${wrap('Body')}() dto: NoteDto): string[] { return [...this.notes.all(), dto.text]; }`,
      '}',
      `${wrap('GrpcController')}(proto.x.S.service)`,
      'export class NotesRpc {',
      `  ${wrap('GrpcMethod')}() M(${wrap('GrpcPayload')}() r: { id: string }): { id: string } { return r; }`,
      '}',
      `${wrap('Module')}({ controllers: [NotesController, NotesRpc], injectables: [NotesService] })`,
      'export class AppModule {}',
      '',
    ].join('\n'),
  };
}

/**
 * The generated files of a case, without what differs with the text alone: the case's name, the
 * hash of its sources, and the column of each handler (a wrapped decorator is longer).
 */
function outputOf(name: string, files: CaseFiles): Record<string, string> {
  const { result } = buildCase(name, files);
  assert.equal(result.diagnostics.map(golden), [], `${name} builds without a diagnostic`);
  assert.ok(result.stats.routes === 2 && result.stats.rpcs === 1, `${name}: ${JSON.stringify(result.stats)}`);
  return Object.fromEntries(result.files.map((f) => [path.basename(f.path), f.text.replaceAll(name, 'CASE').replace(/manifest: '\w+'/, "manifest: '…'").replace(/(source: '[^':]+:\d+):\d+'/g, "$1'")]));
}

test('a decorator written through parentheses, as, satisfies, ! or <T> builds the same tables and OpenAPI document as written plainly', () => {
  const plain = outputOf('forms-plain', application((name) => `@${name}`));
  assert.ok(Object.keys(plain).some((f) => f.endsWith('.json')), 'an OpenAPI document is among the outputs');
  const wrappers: readonly [string, (name: string) => string][] = [
    ['parentheses', (name) => `@((${name}))`],
    ['as', (name) => `@(${name} as any)`],
    ['satisfies', (name) => `@(${name} satisfies unknown)`],
    ['non-null', (name) => `@(${name}!)`],
    ['type assertion', (name) => `@(<typeof ${name}>${name})`],
  ];
  for (const [what, wrap] of wrappers) {
    assert.equal(outputOf(`forms-${what.replace(/\W/g, '-')}`, application(wrap)), plain, `written through ${what}`);
  }
});

test('FW1016 / FW1017 / FW1018 / FW1019: an unresolvable decorator expression, a class declared where it cannot be read, extra decorator arguments and a decorator factory not called are errors at their lines', async () => {
  const result = await compileFixture('decorator-forms');
  const file = (name: string) => `test/compiler/fixtures/decorator-forms/src/${name}`;
  const app = file('app.module.ts');
  const places = file('places.ts');
  const fw1016 = (line: number, column: number, text: string, decorators: string) => ({
    code: 'FW1016', severity: 'error', file: app, line, column,
    message: `\`${text}\` applies ${decorators} through an expression framework-build cannot resolve to one decorator, so it does not read it: what it declares would be missing from the generated tables.`,
  });
  const fw1017 = (line: number, column: number, name: string, decorator: string, where: string) => ({
    code: 'FW1017', severity: 'error', file: places, line, column,
    message: `${name} is decorated with ${decorator} but is ${where}: framework-build reads only classes declared at the top level of a file, so it is not part of the application.`,
  });
  const extra = (line: number, column: number, decorator: string, params: string, dropped: string) => ({
    code: 'FW1018', severity: 'error', file: app, line, column,
    message: `${decorator} takes at most 1 argument ${params}, but is given 2 arguments: framework-build would read the first one and drop \`${dropped}\`, and tsc rejects the call.`,
  });
  assert.equal(result.diagnostics.map(golden), [
    extra(10, 30, '@IsString', '(validationOptions?: ValidationOptions)', "'extra' as never"),
    fw1016(15, 3, "@(useGet ? Get : Post)('/either')", '@Get or @Post'),
    fw1016(16, 3, "@(routeDecorators[0]!)('/first')", '@Get'),
    fw1016(17, 3, "@Fetch('/fetched')", '@Get'),
    extra(18, 14, '@Get', '(path?: string)', "'/b' as never"),
    {
      code: 'FW1019', severity: 'error', file: app, line: 19, column: 3,
      message: '@Get is applied without being called: it makes a decorator from its arguments (path?: string), so applied bare it decorates nothing at run time, and tsc rejects it.',
    },
    fw1016(20, 23, "@(useGet ? Query : Body)('text')", '@Query or @Body'),
    fw1016(23, 1, "@(process.env.RPC ? Injectable : Controller)('/either')", '@Injectable or @Controller'),
    // Where these classes are listed (`controllers`, `imports`, `injectables`, a `useClass`) nothing more is said.
    fw1017(5, 9, 'LocalController', '@Controller', 'declared inside function makeController'),
    fw1017(12, 26, 'Expressed', '@Controller', 'a class expression, not a class declaration'),
    fw1017(17, 10, 'An anonymous class', '@Injectable', 'a class expression returned by function Timestamped'),
    fw1017(26, 9, 'LocalModule', '@Module', 'declared inside function makeModule'),
  ]);
  const hints = result.diagnostics.map((d) => d.hint);
  assert.is(hints[1], "write @Get('/either') or @Post('/either') directly.");
  assert.is(hints[2], "write @Get('/first') directly.");
  assert.is(hints[4], "remove `'/b' as never`: @Get takes (path?: string).");
  assert.is(hints[5], 'call it: `@Get(…)` with the arguments it takes (path?: string).');
  assert.is(hints[8], 'declare it as a top-level exported class: `@Controller(…) export class LocalController {…}`.');
  assert.is(
    hints[10],
    'declare it as a top-level exported class: `@Injectable(…) export class Name {…}`; for the class the mixin Timestamped makes, decorate one that extends its result: `@Injectable(…) export class Name extends Timestamped(…) {}`.',
  );
  assert.is(result.ok, false);
});

test('FW1016 on a gRPC handler parameter is the one diagnostic of that parameter', () => {
  const source = application((name) => `@${name}`)['app.module.ts'] as string;
  const files = { ...application((name) => `@${name}`), 'app.module.ts': source.replace('@GrpcPayload() r', '@(Date.now() > 0 ? GrpcPayload : GrpcMetadata)() r') };
  const { result } = buildCase('forms-grpc-parameter', files);
  assert.equal(
    result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`),
    ['FW1016 20:19 `@(Date.now() > 0 ? GrpcPayload : GrpcMetadata)()` applies @GrpcPayload or @GrpcMetadata through an expression framework-build cannot resolve to one decorator, so it does not read it: what it declares would be missing from the generated tables.'],
  );
});

test('a class that extends what a mixin factory returns is read like any other', () => {
  const files: CaseFiles = {
    'app.module.ts': [
      "import { Controller, Get, Injectable, Module } from '@framework/core';",
      'export function Timestamped<T extends new (...args: any[]) => object>(Base: T) {',
      '  return class extends Base { at = 1; };',
      '}',
      'export class Clock {}',
      '@Injectable() export class TimedClock extends Timestamped(Clock) {}',
      "@Controller('/t')",
      'export class TimeController { constructor(private readonly clock: TimedClock) {} @Get() now(): number { return this.clock.at; } }',
      '@Module({ controllers: [TimeController], injectables: [TimedClock] })',
      'export class AppModule {}',
      '',
    ].join('\n'),
  };
  const { result } = buildCase('forms-mixin-extended', files);
  assert.equal(result.diagnostics.map(golden), []);
  assert.equal(result.stats.providers, 2);
});

test.run();
