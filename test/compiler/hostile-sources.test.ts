/**
 * Hostile sources: odd-but-plausible programs (computed decorator arguments, decorators on getters,
 * class expressions, `export *` cycles, recursive and mapped DTO types, a BOM, a non-UTF-8 byte, a
 * 5 MB file, 2,000 routes…) each end as a successful build or as diagnostics with a catalogue code,
 * the user's file and line, and a hint. Never an internal error (FW1013), a thrown exception, a
 * hang (the cases build on a worker thread, stopped after 60 s), or a diagnostic pointing into the
 * compiler. A 10× larger input costs at most ~30× the time. The cases are in `hostile-cases.ts`.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';
import { buildCase, problems } from './hostile-build.js';
import { app, controllerFiles, dtoMembers, hostileCases, routes, type CaseFiles } from './hostile-cases.js';

/** How long one case may build before it counts as hung (builds take well under a second each). */
const HANG_MS = 60_000;

interface CaseOutcome {
  readonly name: string;
  readonly ok: boolean;
  readonly codes: readonly string[];
  readonly problems: readonly string[];
}

test('every hostile source builds or ends in located diagnostics with a hint, none hangs', async () => {
  // The worker loads TypeScript sources as the suite does, through tsx (registered there: Node 20
  // does not carry the parent's `--import tsx` hooks into a worker).
  const entry = JSON.stringify(new URL('./hostile-build-worker.ts', import.meta.url).href);
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); })`, { eval: true });
  const found: string[] = [];
  try {
    for (const c of hostileCases) {
      const outcome = await new Promise<CaseOutcome>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${c.name}: still building after ${HANG_MS / 1000} s`)), HANG_MS);
        const failed = (error: Error): void => {
          clearTimeout(timer);
          reject(error);
        };
        worker.once('error', failed);
        worker.once('message', (m: CaseOutcome) => {
          clearTimeout(timer);
          worker.off('error', failed);
          resolve(m);
        });
        worker.postMessage(c.name);
      });
      found.push(...outcome.problems);
      if (process.env.HOSTILE_VERBOSE) console.log(c.name, outcome.ok, outcome.codes.join(' '));
    }
  } finally {
    await worker.terminate();
  }
  assert.equal(found, []);
});

test('FW1008 / FW1210 / FW1015: a route decorator on a getter, setter, property or overload, a parameter decorator on a member, and a declared controller, are errors at their lines', async () => {
  const result = await compileFixture('hostile-misplaced-decorators');
  const file = 'test/compiler/fixtures/hostile-misplaced-decorators/src/app.module.ts';
  const fw1008 = (line: number, member: string, why: string, decorator = 'Get') => ({
    code: 'FW1008', severity: 'error', file, line, column: 3,
    message: `Handler ValuesController.${member} is ${why} (@${decorator} routes only a method implementation); the router can only call public instance methods.`,
  });
  assert.equal(result.diagnostics.map(golden), [
    fw1008(5, 'value', 'a getter'),
    fw1008(6, 'value', 'a setter', 'Post'),
    fw1008(7, 'arrow', 'a property, not a method'),
    fw1008(8, 'one', 'an overload signature'),
    {
      code: 'FW1210', severity: 'error', file, line: 15, column: 3,
      message: "@UploadedFile is a parameter decorator, but it decorates a property, UploadsController.avatar: the framework reads it only on a handler's parameters, so it is ignored here.",
    },
    {
      code: 'FW1210', severity: 'error', file, line: 16, column: 11,
      message: "@Body is a parameter decorator, but it decorates a method, UploadsController.upload: the framework reads it only on a handler's parameters, so it is ignored here.",
    },
    {
      code: 'FW1015', severity: 'error', file, line: 20, column: 22,
      message: 'DeclaredController is decorated with @Controller but declared with `declare`: a declared class has no value at run time, so the generated tables would import undefined.',
    },
  ]);
  assert.match(result.diagnostics[0]!.hint, /make the method a public, non-static method/);
  assert.is(result.diagnostics[4]!.hint, 'move @UploadedFile onto the parameter of the handler that receives the value: `handler(@UploadedFile(…) value: …)`.');
  assert.match(result.diagnostics[6]!.hint, /remove `declare`/);
  assert.is(result.ok, false);
});

test('FW1210: a request parameter decorator on a constructor parameter (of a controller, a service or a guard) is an error there, not an injection', () => {
  const files: CaseFiles = {
    'app.module.ts':
      "import { Controller, Get, Injectable, Module, Param, Query, Req, UseGuard } from '@framework/core';\n\n\n" +
      "@Injectable() export class Store { constructor(@Query('tenant') readonly tenant?: string) {} }\n" +
      "export class Guard { constructor(@Req() readonly req?: unknown) {} canActivate(): boolean { return true; } }\n" +
      "@Controller('/c') @UseGuard(Guard)\nexport class C {\n  constructor(@Param('id') readonly store: Store) {}\n  @Get('/:id') g(): string { return 'x'; }\n}\n" +
      '@Module({ controllers: [C], injectables: [Store] })\nexport class AppModule {}\n',
  };
  const { result, src } = buildCase('constructor-parameter-decorators', files);
  assert.equal(problems('constructor-parameter-decorators', result, src), []);
  assert.equal(result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`), [
    "FW1210 4:48 @Query is a parameter decorator, but it decorates a constructor parameter, Store.constructor(tenant): the framework reads it only on a handler's parameters, so it is ignored here.",
    "FW1210 5:34 @Req is a parameter decorator, but it decorates a constructor parameter, Guard.constructor(req): the framework reads it only on a handler's parameters, so it is ignored here.",
    "FW1210 8:15 @Param is a parameter decorator, but it decorates a constructor parameter, C.constructor(store): the framework reads it only on a handler's parameters, so it is ignored here.",
  ]);
  assert.match(result.diagnostics[2]!.hint, /a constructor runs once, before any request, and takes only dependencies/);
  assert.is(result.ok, false);
});

test('a BOM, CRLF or lone-CR line ends and a non-UTF-8 byte leave the diagnostic at the same line and column', () => {
  const text = String(Object.values(app("@Controller('/c')\nexport class C {\n  @Get('/:id') g(@Param('nope') id: string): string { return id; }\n}\n"))[0]);
  const variants: Record<string, CaseFiles> = {
    'line-ends-lf': { 'app.module.ts': text },
    'line-ends-bom-crlf': { 'app.module.ts': `\uFEFF${text.replace(/\n/g, '\r\n')}` },
    'line-ends-cr': { 'app.module.ts': text.replace(/\n/g, '\r') },
    'line-ends-latin1': { 'app.module.ts': Buffer.concat([Buffer.from('// caf\xe9\n', 'latin1'), Buffer.from(text)]) },
  };
  const at = Object.entries(variants).map(([name, files]) => {
    const { result } = buildCase(name, files);
    return result.diagnostics.map((d) => `${d.code} ${path.basename(d.file)}:${d.line}:${d.column}`).join();
  });
  assert.equal(at, ['FW1202 app.module.ts:5:18', 'FW1202 app.module.ts:5:18', 'FW1202 app.module.ts:5:18', 'FW1202 app.module.ts:6:18']);
});

test('a 5 MB source file builds (or is reported) like any other', () => {
  const filler = `export const table = [\n${'  "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",\n'.repeat(5 * 1024 * 1024 / 72)}];\n`;
  const files = app(`${filler}@Controller('/c')\nexport class C { @Get('/:id') g(@Param('nope') id: string): string { return id; } }\n`);
  const { result, src } = buildCase('five-megabytes', files);
  assert.equal(problems('five-megabytes', result, src), []);
  assert.equal(result.diagnostics.map((d) => d.code), ['FW1202']);
});

/** The faster of two builds of the case (the first of a size also warms the TypeScript checker). */
function timed(name: string, files: CaseFiles): number {
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const { result, src, ms } = buildCase(name, files);
    assert.equal(problems(name, result, src), []);
    assert.ok(result.ok, `${name} builds`);
    times.push(ms);
  }
  return Math.min(...times);
}

for (const [what, make, small] of [
  ['routes of one controller', routes, 200],
  ['DTO members', dtoMembers, 100],
  ['files', controllerFiles, 20],
] as const) {
  test(`ten times the ${what} builds in at most ~30 times the time (no quadratic blow-up)`, () => {
    const slug = what.replace(/\W/g, '');
    // What any build costs (the TypeScript libraries, the runtime's types) is taken out of both, so
    // the ratio is that of the work per route, member or file, where a quadratic step shows.
    const fixed = timed(`scale-${slug}-0`, make(1));
    const one = timed(`scale-${slug}-1x`, make(small)) - fixed;
    const ten = timed(`scale-${slug}-10x`, make(small * 10)) - fixed;
    // A floor of 50 ms for the small build's own work: below that, timer noise dominates.
    assert.ok(ten <= 30 * Math.max(one, 50), `${what}: ${Math.round(fixed)} ms fixed, then ${Math.round(one)} ms for ${small}, ${Math.round(ten)} ms for ${small * 10}`);
    if (process.env.HOSTILE_VERBOSE) console.log(what, Math.round(fixed), Math.round(one), Math.round(ten));
  });
}

test.run();
