// The dev loop's incremental type check (compiler/src/dev/type-check.ts) and its warm-up, on a
// small project of its own: the warm-up re-checks the files it is given as if they had been
// written again (it reads them again even when their size and time did not change), ends after
// its steps, keeps the errors the project has, and a save after it is checked as before: a type
// error shows at the user's line, its fix clears it. The files framework-build wrote leave the
// check's roots: one the project imports (the tables) is still checked, one nothing imports (a
// typed client) is not, and a type error in user code is still reported.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { typeChecker, WARM_UP_STEPS } from '../../compiler/src/dev/type-check.js';
import { TMP } from './helpers.js';

const dir = path.join(TMP, `type-check-warm-up-${process.pid}`);
const service = path.join(dir, 'src/service.ts');
const generated = path.join(dir, 'generated/tables.ts');
const unimported = path.join(dir, 'generated/client.ts');
// What the dev loop passes: every file the build wrote.
const written = [generated, unimported];

test.before(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'generated'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, types: [] }, include: ['src', 'generated'] }),
  );
  fs.writeFileSync(service, 'export function greeting(name: string): string {\n  return `Hello, ${name}!`;\n}\n');
  fs.writeFileSync(generated, "import { greeting } from '../src/service.js';\n\nexport const table = { greet: greeting };\n");
  // The app's entry imports the tables, as an app's bootstrap does; nothing imports the client.
  fs.writeFileSync(path.join(dir, 'src/main.ts'), "import { table } from '../generated/tables.js';\n\nexport const routes = Object.keys(table);\n");
  fs.writeFileSync(unimported, 'export const client = { baseUrl: "" };\n');
});
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

// Whole seconds: a time put back with utimes is exactly the one read before.
const PINNED_TIME = 1_700_000_000;

/** Writes `text` (as long as the file's) and puts its pinned time back: a save its stat cannot tell. */
function rewriteUnseen(file: string, text: string): void {
  assert.is(Buffer.byteLength(text), fs.statSync(file).size, 'the same size');
  fs.writeFileSync(file, text);
  fs.utimesSync(file, PINNED_TIME, PINNED_TIME);
}

test('the warm-up ends after its steps, keeps the errors the project has, and the checks after it answer as before', () => {
  const checker = typeChecker(path.join(dir, 'tsconfig.json'), dir);
  assert.is(checker.warmUp(written), false, 'nothing to warm up before the first check');
  assert.is(checker.check(written).errors, 0, 'the project is clean');

  const clean = fs.readFileSync(generated, 'utf8');
  fs.writeFileSync(generated, clean.replace('greet: greeting', 'greet: greeting(42)'));
  const before = checker.check(written);
  assert.is(before.errors, 1, before.text);
  let steps = 1;
  while (checker.warmUp(written)) steps++;
  assert.is(steps, WARM_UP_STEPS, `the warm-up ends after its steps (${steps})`);
  assert.is(checker.warmUp(written), false, 'and stays ended');
  assert.is(checker.check(written).text, before.text, 'the error is still reported, as it was');
  fs.writeFileSync(generated, clean);
  assert.is(checker.check(written).errors, 0);

  // A save after the warm-up: the error at the user's line, then its fix.
  const original = fs.readFileSync(service, 'utf8');
  fs.writeFileSync(service, 'export function greeting(name: string): string {\n  return name.length;\n}\n');
  const broken = checker.check(written);
  assert.is(broken.errors, 1);
  assert.match(broken.text, /src\/service\.ts:2:3 - error TS2322: Type 'number' is not assignable to type 'string'\./);
  fs.writeFileSync(service, original);
  const fixed = checker.check(written);
  assert.is(fixed.errors, 0, fixed.text);
});

test('a touched file is read again: an error its stat hid is reported by the next check', () => {
  fs.utimesSync(generated, PINNED_TIME, PINNED_TIME);
  const checker = typeChecker(path.join(dir, 'tsconfig.json'), dir);
  assert.is(checker.check(written).errors, 0);
  const clean = fs.readFileSync(generated, 'utf8');
  // `greet: greeting` becomes `greet: greet1ng`, an unknown name, in as many bytes.
  rewriteUnseen(generated, clean.replace('greet: greeting', 'greet: greet1ng'));
  try {
    assert.is(checker.check(written).errors, 0, 'the stat did not change: the kept parse is used');
    checker.warmUp(written);
    const seen = checker.check(written);
    assert.is(seen.errors, 1, 'the warm-up step read the file again');
    assert.match(seen.text, /generated\/tables\.ts:3:\d+ - error TS2552: Cannot find name 'greet1ng'/);
  } finally {
    fs.writeFileSync(generated, clean);
  }
});

test('generated files leave the roots: an imported one is still checked, an unimported one is not, user errors show', () => {
  const checker = typeChecker(path.join(dir, 'tsconfig.json'), dir);
  assert.is(checker.check(written).errors, 0);
  const client = fs.readFileSync(unimported, 'utf8');
  const original = fs.readFileSync(service, 'utf8');
  try {
    fs.writeFileSync(unimported, 'export const client: number = "not a number";\n');
    assert.is(checker.check(written).errors, 0, 'nothing imports the client: it is not read');
    const whole = typeChecker(path.join(dir, 'tsconfig.json'), dir).check();
    assert.is(whole.errors, 1, 'as a root (no generated files named) it is checked');
    assert.match(whole.text, /generated\/client\.ts:1:14 - error TS2322/);

    // A type error in the user's code shows at its line.
    fs.writeFileSync(service, 'export function greeting(name: string): number {\n  return `Hello, ${name}!`;\n}\n');
    const broken = checker.check(written);
    assert.is(broken.errors, 1, broken.text);
    assert.match(broken.text, /src\/service\.ts:2:3 - error TS2322: Type 'string' is not assignable to type 'number'\./);
    fs.writeFileSync(service, original);
    assert.is(checker.check(written).errors, 0);

    // An error the tables themselves have is reported, though they are no root.
    const tables = fs.readFileSync(generated, 'utf8');
    fs.writeFileSync(generated, tables.replace('greet: greeting', 'greet: greet1ng'));
    const inTables = checker.check(written);
    fs.writeFileSync(generated, tables);
    assert.match(inTables.text, /generated\/tables\.ts:3:\d+ - error TS2552: Cannot find name 'greet1ng'/);
  } finally {
    fs.writeFileSync(unimported, client);
    fs.writeFileSync(service, original);
  }
});

test.run();
