// FW16xx: project set-up mistakes (tsconfig.json, package.json) are reported at the line to change,
// before tsc ever runs, and fail the build.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, compileFixture, golden, ROOT, TMP } from './helpers.js';

const fixture = (name: string) => `test/compiler/fixtures/${name}`;
const at = (file: string, line: number, column: number, code: string, severity: string, message: string) => ({ code, severity, file, line, column, message });

test('FW1601: experimentalDecorators missing from compilerOptions (at "compilerOptions"), or false (at the setting)', async () => {
  const f = 'fw1601-experimental-decorators';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(`${fixture(f)}/tsconfig.json`, 2, 3, 'FW1601', 'error',
      "tsconfig.json does not enable `experimentalDecorators`; the framework's decorators need it, and without it tsc stops with TS1206/TS1241 errors that never name the setting."),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'add `"experimentalDecorators": true` to "compilerOptions" (no `emitDecoratorMetadata` or `reflect-metadata` is needed).');
  assert.is(result.ok, false, 'a set-up error fails the build');
  assert.equal(result.files, []);

  const copy = path.join(TMP, 'fw1601-false');
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, fixture(f)), copy, { recursive: true });
  const tsconfig = path.join(copy, 'tsconfig.json');
  fs.writeFileSync(tsconfig, fs.readFileSync(tsconfig, 'utf8').replace('"strict": true', '"strict": true,\n    "experimentalDecorators": false'));
  const explicit = await compileFixture(f, { srcDir: path.join(copy, 'src') });
  assert.equal(explicit.diagnostics.map((d) => [d.code, d.line, d.column]), [['FW1601', 7, 5]]);
  assert.match(explicit.diagnostics[0]!.message, /^tsconfig\.json does not enable `experimentalDecorators` \(it is false\); /);
});

test('FW1602: a module setting that emits CommonJS (with its Node10 resolution, FW1606)', async () => {
  const f = 'fw1602-commonjs';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(`${fixture(f)}/tsconfig.json`, 2, 3, 'FW1606', 'warning',
      'tsconfig.json resolves modules with `"moduleResolution": "Node10"`, which ignores the `exports` of package.json: the subpaths @framework/core/metadata and @framework/core/transport cannot be imported.'),
    at(`${fixture(f)}/tsconfig.json`, 4, 5, 'FW1602', 'error',
      'tsconfig.json compiles to CommonJS modules (`"module": "CommonJS"`), but @framework/core and @framework/grpc are ES modules and the generated tables import your files with ES `import`.'),
  ]);
  assert.match(result.diagnostics[1]!.hint, /^set `"module": "NodeNext"` and `"moduleResolution": "NodeNext"`/);
});

test('FW1603: package.json without "type": "module" (at "name" when the field is missing)', async () => {
  const f = 'fw1603-package-type';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(`${fixture(f)}/package.json`, 2, 3, 'FW1603', 'error',
      'package.json has no `"type": "module"`, so Node loads the compiled .js files as CommonJS and tsc, with "module": "NodeNext", emits them as CommonJS; the framework\'s packages are ES modules and the entry point uses top-level await.'),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'add `"type": "module"` to package.json.');
});

test('FW1604: a rootDir that leaves the generated folder out (tsc would stop with TS6059)', async () => {
  const f = 'fw1604-root-dir';
  const result = await compileFixture(f, { outDir: `${fixture(f)}/generated` });
  assert.equal(result.diagnostics.map(golden), [
    at(`${fixture(f)}/tsconfig.json`, 7, 5, 'FW1604', 'error',
      'The generated folder generated is outside `"rootDir": "src"` of tsconfig.json, so tsc stops with TS6059 when it compiles the tables your entry point imports.'),
  ]);
  assert.is(result.diagnostics[0]!.hint, 'set `"rootDir": "."` (a folder holding both src and generated), or remove "rootDir".');
});

test('FW1605: the generated folder missing from "include" (judged once the tables exist)', async () => {
  const f = 'fw1605-generated-not-included';
  const copy = path.join(TMP, f);
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, fixture(f)), copy, { recursive: true });
  const options = { srcDir: path.join(copy, 'src'), outDir: path.join(copy, 'generated') };
  const first = await compileFixture(f, { ...options, write: true });
  assert.equal(first.diagnostics, [], 'no tables yet: nothing to judge');
  const second = await compileFixture(f, options);
  assert.equal(second.diagnostics.map(golden), [
    at(path.relative(ROOT, path.join(copy, 'tsconfig.json')), 8, 3, 'FW1605', 'warning',
      'tsconfig.json does not include the generated folder generated: tsc compiles the tables only when the entry point imports them, and `tsc --noEmit` and editors do not check them against your code.'),
  ]);
  assert.is(second.diagnostics[0]!.hint, 'add "generated" to "include": `"include": ["src", "generated"]`.');
  assert.ok(second.ok, 'a warning does not fail the build');
});

test('FW1606: "moduleResolution": "node" ignores the exports map (the subpaths cannot resolve)', async () => {
  const f = 'fw1606-module-resolution';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(`${fixture(f)}/tsconfig.json`, 5, 5, 'FW1606', 'warning',
      'tsconfig.json resolves modules with `"moduleResolution": "Node10"`, which ignores the `exports` of package.json: the subpaths @framework/core/metadata and @framework/core/transport cannot be imported.'),
  ]);
});

test('FW1607: an app (package.json depending on @framework/*) without a tsconfig.json', async () => {
  const f = 'fw1607-no-tsconfig';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(`${fixture(f)}/package.json`, 5, 3, 'FW1607', 'warning',
      'No tsconfig.json in src/ or beside package.json: framework-build reads the sources with built-in options, but tsc has nothing to compile the app with.'),
  ]);
  assert.match(result.diagnostics[0]!.hint, /^create tsconfig\.json beside package\.json: \{ "compilerOptions": \{ .*"experimentalDecorators": true.*"include": \["src", "\.\.\/\.\.\/\.\.\/\.tmp\/compiler\/fw1607-no-tsconfig"\] \}\.$/);
});

test('the CLI prints a set-up error with the line of tsconfig.json, exits 1 and writes nothing', () => {
  const out = path.join(TMP, 'fw1601-cli');
  fs.rmSync(out, { recursive: true, force: true });
  const run = cli([`${fixture('fw1601-experimental-decorators')}/src`, '--out', path.relative(ROOT, out)]);
  assert.is(run.status, 1);
  assert.match(run.stdout, /^test\/compiler\/fixtures\/fw1601-experimental-decorators\/tsconfig\.json:2:3 - error FW1601: /);
  assert.match(run.stdout, /\n2 {5}"compilerOptions": \{\n {6}\^{17}\n/);
  assert.is(fs.existsSync(out), false);
});

test('the example app and a correct set-up report nothing', async () => {
  const { build } = await import('../../compiler/src/index.js');
  const result = await build({ srcDir: 'examples/todo/src', outDir: 'generated/todo', cwd: ROOT });
  assert.equal(result.diagnostics, []);
});

test.run();
