// FW16xx: project set-up mistakes (tsconfig.json, package.json) are reported at the line to change,
// before tsc ever runs, and fail the build. Each fixture holds only the set-up files; the test puts
// the one shared app (fixtures/setup-app/src) beside them in a scratch folder and builds it there.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build, type BuildResult } from '../../compiler/src/index.js';
import { cli, golden, ROOT, TMP } from './helpers.js';

/** Copies fixture `name` and the shared app into a scratch project; returns its path relative to the repository. */
function project(name: string): string {
  const dir = path.join(TMP, 'setup', name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, 'test/compiler/fixtures', name), dir, { recursive: true });
  fs.cpSync(path.join(ROOT, 'test/compiler/fixtures/setup-app/src'), path.join(dir, 'src'), { recursive: true });
  return path.relative(ROOT, dir);
}

const buildProject = (dir: string, write = false): Promise<BuildResult> => build({ srcDir: `${dir}/src`, outDir: `${dir}/generated`, cwd: ROOT, write });
const at = (file: string, line: number, column: number, code: string, severity: string, message: string) => ({ code, severity, file, line, column, message });

test('FW1601: experimentalDecorators missing from compilerOptions (at "compilerOptions"), or false (at the setting)', async () => {
  const dir = project('fw1601-experimental-decorators');
  const result = await buildProject(dir);
  assert.equal(result.diagnostics.map(golden), [
    at(`${dir}/tsconfig.json`, 2, 3, 'FW1601', 'error',
      "tsconfig.json does not enable `experimentalDecorators`; the framework's decorators need it, and without it tsc stops with TS1206/TS1241 errors that never name the setting."),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'add `"experimentalDecorators": true` to "compilerOptions" (no `emitDecoratorMetadata` or `reflect-metadata` is needed).');
  assert.is(result.ok, false, 'a set-up error fails the build');
  assert.equal(result.files, []);

  const tsconfig = path.join(ROOT, dir, 'tsconfig.json');
  fs.writeFileSync(tsconfig, fs.readFileSync(tsconfig, 'utf8').replace('"strict": true', '"strict": true,\n    "experimentalDecorators": false'));
  const explicit = await buildProject(dir);
  assert.equal(explicit.diagnostics.map((d) => [d.code, d.line, d.column]), [['FW1601', 7, 5]]);
  assert.match(explicit.diagnostics[0]!.message, /^tsconfig\.json does not enable `experimentalDecorators` \(it is false\); /);
});

test('FW1602: a module setting that emits CommonJS (with its Node10 resolution, FW1606)', async () => {
  const dir = project('fw1602-commonjs');
  const result = await buildProject(dir);
  assert.equal(result.diagnostics.map(golden), [
    at(`${dir}/tsconfig.json`, 2, 3, 'FW1606', 'warning',
      'tsconfig.json resolves modules with `"moduleResolution": "Node10"`, which ignores the `exports` of package.json: the subpaths @framework/core/metadata and @framework/core/transport cannot be imported.'),
    at(`${dir}/tsconfig.json`, 4, 5, 'FW1602', 'error',
      'tsconfig.json compiles to CommonJS modules (`"module": "CommonJS"`), but @framework/core and @framework/grpc are ES modules and the generated tables import your files with ES `import`.'),
  ]);
  assert.match(result.diagnostics[1]!.hint, /^set `"module": "NodeNext"` and `"moduleResolution": "NodeNext"`/);
});

test('FW1603: package.json without "type": "module" (at "name" when the field is missing)', async () => {
  const dir = project('fw1603-package-type');
  const result = await buildProject(dir);
  assert.equal(result.diagnostics.map(golden), [
    at(`${dir}/package.json`, 2, 3, 'FW1603', 'error',
      'package.json has no `"type": "module"`, so Node loads the compiled .js files as CommonJS and tsc, with "module": "NodeNext", emits them as CommonJS; the framework\'s packages are ES modules and the entry point uses top-level await.'),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'add `"type": "module"` to package.json.');
});

test('FW1604: a rootDir that leaves the generated folder out (tsc would stop with TS6059)', async () => {
  const dir = project('fw1604-root-dir');
  const result = await buildProject(dir);
  assert.equal(result.diagnostics.map(golden), [
    at(`${dir}/tsconfig.json`, 7, 5, 'FW1604', 'error',
      'The generated folder generated is outside `"rootDir": "src"` of tsconfig.json, so tsc stops with TS6059 when it compiles the tables your entry point imports.'),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'set `"rootDir": "."` (a folder holding both src and generated), or remove "rootDir".');
});

test('FW1605: the generated folder missing from "include" (judged once the tables exist)', async () => {
  const dir = project('fw1605-generated-not-included');
  const first = await buildProject(dir, true);
  assert.equal(first.diagnostics, [], 'no tables yet: nothing to judge');
  const second = await buildProject(dir);
  assert.equal(second.diagnostics.map(golden), [
    at(`${dir}/tsconfig.json`, 8, 3, 'FW1605', 'warning',
      'tsconfig.json does not include the generated folder generated: tsc compiles the tables only when the entry point imports them, and `tsc --noEmit` and editors do not check them against your code.'),
  ]);
  assert.is(second.diagnostics[0]!.hint, 'add "generated" to "include": `"include": ["src", "generated"]`.');
  assert.ok(second.ok, 'a warning does not fail the build');
});

test('FW1606: "moduleResolution": "node" ignores the exports map (the subpaths cannot resolve)', async () => {
  const dir = project('fw1606-module-resolution');
  const result = await buildProject(dir);
  assert.equal(result.diagnostics.map(golden), [
    at(`${dir}/tsconfig.json`, 5, 5, 'FW1606', 'warning',
      'tsconfig.json resolves modules with `"moduleResolution": "Node10"`, which ignores the `exports` of package.json: the subpaths @framework/core/metadata and @framework/core/transport cannot be imported.'),
  ]);
});

test('FW1607: an app (package.json depending on @framework/*) without a tsconfig.json', async () => {
  const dir = project('fw1607-no-tsconfig');
  const result = await buildProject(dir);
  assert.equal(result.diagnostics.map(golden), [
    at(`${dir}/package.json`, 5, 3, 'FW1607', 'warning',
      'No tsconfig.json in src/ or beside package.json: framework-build reads the sources with built-in options, but tsc has nothing to compile the app with.'),
  ]);
  assert.match(result.diagnostics[0]!.hint, /^create tsconfig\.json beside package\.json: \{ "compilerOptions": \{ .*"experimentalDecorators": true.*\}, "include": \["src", "generated"\] \}\.$/);
});

test('FW1608: a tsconfig tsc cannot read (an `extends` of a package not installed, a JSON slip) is its one error, at its place', async () => {
  const dir = project('fw1608-broken-tsconfig');
  const result = await buildProject(dir);
  assert.equal(result.diagnostics.map(golden), [
    at(`${dir}/tsconfig.json`, 2, 14, 'FW1608', 'error',
      "tsconfig.json cannot be read as tsc reads it: File '@tsconfig/node-lts/tsconfig.json' not found. (TS6053) tsc stops on it too, and until it reads framework-build cannot tell the app's compiler options."),
  ]);
  assert.match(result.diagnostics[0]!.hint, /^install the package that holds the file `extends` names/);
  assert.is(result.ok, false);

  // A JSON slip: the CLI prints it at its line, without a stack trace, and writes nothing.
  const tsconfig = path.join(ROOT, dir, 'tsconfig.json');
  fs.writeFileSync(tsconfig, fs.readFileSync(tsconfig, 'utf8').replace('  "extends": "@tsconfig/node-lts/tsconfig.json",\n', '').replace('"include"', '"include" ['));
  const run = cli([`${dir}/src`, '--out', `${dir}/generated`]);
  assert.is(run.status, 1);
  assert.ok(run.stdout.startsWith(`${dir}/tsconfig.json:7:13 - error FW1608: tsconfig.json cannot be read as tsc reads it: ':' expected. (TS1005)`), run.stdout + run.stderr);
  assert.is(run.stderr, '');
  assert.is(fs.existsSync(path.join(ROOT, dir, 'generated')), false);
});

test('the CLI prints a set-up error with the line of tsconfig.json, exits 1 and writes nothing', () => {
  const dir = project('fw1601-experimental-decorators');
  const run = cli([`${dir}/src`, '--out', `${dir}/generated`]);
  assert.is(run.status, 1);
  assert.ok(run.stdout.startsWith(`${dir}/tsconfig.json:2:3 - error FW1601: `), run.stdout);
  assert.match(run.stdout, /\n2 {5}"compilerOptions": \{\n {6}\^{17}\n/);
  assert.is(fs.existsSync(path.join(ROOT, dir, 'generated')), false);
});

test('the example app and a correct set-up report nothing', async () => {
  const result = await build({ srcDir: 'examples/todo/src', outDir: 'generated/todo', cwd: ROOT });
  assert.equal(result.diagnostics, []);
});

test.run();
