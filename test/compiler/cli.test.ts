import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, fixtureSrc, ROOT, TMP } from './helpers.js';

const rel = (p: string): string => path.relative(ROOT, p);

test('--json prints only { diagnostics: [{ code, severity, file, line, column, message, hint }] } and exits 1 on errors', () => {
  const run = cli([fixtureSrc('fw1202-param'), '--out', rel(path.join(TMP, 'cli-json')), '--json']);
  assert.is(run.status, 1);
  const parsed = JSON.parse(run.stdout) as { diagnostics: Record<string, unknown>[] };
  assert.equal(Object.keys(parsed), ['diagnostics']);
  assert.is(parsed.diagnostics.length, 1);
  assert.equal(Object.keys(parsed.diagnostics[0]!), ['code', 'severity', 'file', 'line', 'column', 'message', 'hint']);
  assert.equal(parsed.diagnostics[0], {
    code: 'FW1202',
    severity: 'error',
    file: 'test/compiler/fixtures/fw1202-param/src/app.module.ts',
    line: 6,
    column: 11,
    message: "@Param('userId') of UsersController.findOne has no ':userId' in its route path '/users/:id'.",
    hint: "the path declares ':id'; use one of them, or add '/:userId' to the path.",
  });
});

test('errors print like tsc with a code frame and a summary, exit 1 and write nothing', () => {
  const out = path.join(TMP, 'cli-errors');
  fs.rmSync(out, { recursive: true, force: true });
  const run = cli([fixtureSrc('fw1202-param'), '--out', rel(out)]);
  assert.is(run.status, 1);
  const lines = run.stdout.split('\n');
  assert.is(lines[0], "test/compiler/fixtures/fw1202-param/src/app.module.ts:6:11 - error FW1202: @Param('userId') of UsersController.findOne has no ':userId' in its route path '/users/:id'.");
  assert.is(lines[2], "6     findOne(@Param('userId') userId: string): string {");
  assert.is(lines[3], `${' '.repeat(14)}${'^'.repeat(16)}`);
  assert.is(lines[5], "  hint: the path declares ':id'; use one of them, or add '/:userId' to the path.");
  assert.ok(run.stdout.trimEnd().endsWith('Found 1 error.'), run.stdout);
  assert.is(fs.existsSync(out), false);
});

test('a successful build writes tables.ts and prints one summary line', () => {
  const out = path.join(TMP, 'cli-ok');
  fs.rmSync(out, { recursive: true, force: true });
  const run = cli(['examples/todo/src', '--out', rel(out)]);
  assert.is(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^Built 6 routes, 3 providers and 2 modules into test\/\.tmp\/compiler\/cli-ok in \d+ ms\.\n$/);
  assert.ok(fs.existsSync(path.join(out, 'tables.ts')));
});

test('--check passes when up to date, and names stale or missing files with the command to run', () => {
  const out = path.join(TMP, 'cli-check');
  fs.rmSync(out, { recursive: true, force: true });
  const args = ['examples/todo/src', '--out', rel(out)];
  assert.is(cli(args).status, 0);
  const fresh = cli([...args, '--check']);
  assert.is(fresh.status, 0, fresh.stdout);
  assert.match(fresh.stdout, /is up to date/);

  const file = path.join(out, 'tables.ts');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("path: '/todo/:id'", "path: '/todos/:id'"));
  const stale = cli([...args, '--check']);
  assert.is(stale.status, 1);
  assert.is(
    stale.stdout,
    `${rel(file)} is stale: it differs from what framework-build would emit.\nRun \`framework-build examples/todo/src --out ${rel(out)}\` to update it.\n`,
  );
  assert.match(fs.readFileSync(file, 'utf8'), /\/todos\/:id/, '--check must not rewrite the file');

  fs.rmSync(file);
  const missing = cli([...args, '--check']);
  assert.is(missing.status, 1);
  assert.match(missing.stdout, new RegExp(`^${rel(file).replace(/\./g, '\\.')} is missing\\.`));
});

test.run();
