/**
 * Hostile sources: odd-but-plausible programs (computed decorator arguments, decorators on getters,
 * class expressions, `export *` cycles, recursive and mapped DTO types, a BOM, a non-UTF-8 byte, a
 * 5 MB file, 2,000 routes…) each end as a successful build or as diagnostics with a catalogue code,
 * the user's file and line, and a hint. Never an internal error (FW1013), a thrown exception, or a
 * diagnostic pointing into the compiler. A 10× larger input costs at most ~30× the time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { catalogue, createBuilder, type BuildResult } from '../../compiler/src/index.js';
import { compileFixture, golden, ROOT, TMP } from './helpers.js';
import { app, controllerFiles, dtoMembers, hostileCases, routes, type CaseFiles } from './hostile-cases.js';

const BASE = path.join(TMP, 'hostile');

function writeCase(name: string, files: CaseFiles): string {
  const src = path.join(BASE, name, 'src');
  fs.rmSync(path.join(BASE, name), { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    fs.writeFileSync(path.join(src, file), text);
  }
  return src;
}

/** Builds a case; a thrown exception or a build over `limitMs` fails the case by name. */
function buildCase(name: string, files: CaseFiles, limitMs = 60_000): { result: BuildResult; src: string; ms: number } {
  const src = writeCase(name, files);
  const started = performance.now();
  let result: BuildResult;
  try {
    result = createBuilder({ srcDir: src, outDir: path.join(BASE, name, 'out'), cwd: ROOT }).build();
  } catch (error) {
    throw new Error(`${name}: the build threw ${String(error)}`);
  }
  const ms = performance.now() - started;
  assert.ok(ms < limitMs, `${name}: the build took ${Math.round(ms)} ms`);
  return { result, src, ms };
}

/** What a hostile case must end as; returns the problems found (empty when the case is well handled). */
function problems(name: string, result: BuildResult, src: string): string[] {
  const found: string[] = [];
  if (!result.ok && result.diagnostics.every((d) => d.severity !== 'error')) found.push(`${name}: not ok, but no error diagnostic says why`);
  for (const d of result.diagnostics) {
    const at = `${name}: ${d.code} ${path.relative(ROOT, d.file)}:${d.line} ${d.message}`;
    if (d.code === 'FW1013') found.push(`${at} (internal error)`);
    if (!(d.code in catalogue)) found.push(`${at} (code not in the catalogue)`);
    // "No root module" (FW1005) is about the source directory as a whole: it points there, at no line.
    if (d.code === 'FW1005' && d.file === src && d.line === 0) continue;
    if (!d.file.startsWith(`${src}/`)) found.push(`${at} (not in the user's sources)`);
    if (!(d.line >= 1)) found.push(`${at} (no line)`);
    if (!d.hint.trim()) found.push(`${at} (no hint)`);
  }
  return found;
}

test('every hostile source builds or ends in located diagnostics with a hint', () => {
  const found: string[] = [];
  for (const c of hostileCases) {
    const { result, src } = buildCase(c.name, c.files);
    found.push(...problems(c.name, result, src));
    if (process.env.HOSTILE_VERBOSE) console.log(c.name, result.ok, result.diagnostics.map((d) => `${d.code}@${d.line}`).join(' '));
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
