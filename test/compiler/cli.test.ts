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
  assert.match(run.stdout, /^Built \d+ routes, (\d+ gRPC methods?, )?\d+ providers and \d+ modules into test\/\.tmp\/compiler\/cli-ok in \d+ ms\.\n$/);
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
  // The example's tsconfig does not include this scratch folder: FW1605 says so first.
  assert.match(stale.stdout, /^examples\/todo\/tsconfig\.json:\d+:\d+ - warning FW1605: /);
  assert.ok(
    stale.stdout.endsWith(`${rel(file)} is stale: it differs from what framework-build would emit.\nRun \`framework-build examples/todo/src --out ${rel(out)}\` to update it.\n`),
    stale.stdout,
  );
  assert.match(fs.readFileSync(file, 'utf8'), /\/todos\/:id/, '--check must not rewrite the file');

  fs.rmSync(file);
  const missing = cli([...args, '--check']);
  assert.is(missing.status, 1);
  assert.match(missing.stdout, new RegExp(`^${rel(file).replace(/\./g, '\\.')} is missing\\.`));
});

test('--check passes from another working directory (nothing cwd-dependent is compared)', () => {
  const out = path.join(TMP, 'cli-cwd');
  fs.rmSync(out, { recursive: true, force: true });
  assert.is(cli(['examples/todo/src', '--out', rel(out)]).status, 0);
  const elsewhere = cli(['src', '--out', path.relative(path.join(ROOT, 'examples/todo'), out), '--check'], path.join(ROOT, 'examples/todo'));
  assert.is(elsewhere.status, 0, elsewhere.stdout + elsewhere.stderr);
  assert.match(elsewhere.stdout, /is up to date/);
});

test('--explain prints the request-scoped providers with the dependency chain that makes them so', () => {
  const run = cli([fixtureSrc('grpc-golden'), '--out', rel(path.join(TMP, 'cli-explain')), '--explain']);
  assert.is(run.status, 0, run.stdout);
  const explained = run.stdout.slice(run.stdout.indexOf('Request scope:'), run.stdout.indexOf('Validation:'));
  assert.is(
    explained,
    [
      'Request scope: 3 of 8 providers are created per request.',
      '  RequestTrace: declared with @Injectable({ scope: SCOPE.REQUEST }) at parts.ts:4:1',
      '  ProbeGrpc (controller): ProbeGrpc -> RequestTrace (declared at parts.ts:4:1)',
      '  TraceGuard: TraceGuard -> RequestTrace (declared at parts.ts:4:1)',
      'Handlers that open a request scope per call (4): ProbeGrpc.echo, ProbeGrpc.limited, ProbeGrpc.open, ProbeGrpc.watch',
      '',
    ].join('\n'),
  );
});

test('--explain-scope with --json adds requestScope; an app without request scope says so', () => {
  const json = cli([fixtureSrc('grpc-golden'), '--out', rel(path.join(TMP, 'cli-explain')), '--explain-scope', '--json']);
  const parsed = JSON.parse(json.stdout) as { requestScope: unknown[] };
  assert.equal(parsed.requestScope[1], { name: 'ProbeGrpc', controller: true, chain: ['ProbeGrpc', 'RequestTrace'], declaredAt: 'parts.ts:4:1' });
  const none = cli([fixtureSrc('fw1003-unreachable'), '--out', rel(path.join(TMP, 'cli-explain-none')), '--explain']);
  assert.ok(none.stdout.includes('\nRequest scope: none; every provider is a singleton, so no call opens a request scope.\n'), none.stdout);
});

test('--explain lists how each body DTO is validated: compiled, or class-validator and why', () => {
  const run = cli([fixtureSrc('fw1701-validation-fallback'), '--out', rel(path.join(TMP, 'cli-explain-validation')), '--explain']);
  assert.is(run.status, 0, run.stdout);
  const explained = run.stdout.slice(run.stdout.indexOf('Validation:'), run.stdout.indexOf('Built'));
  assert.is(
    explained,
    [
      'Validation: 0 of 4 DTOs compiled; class-validator is loaded for the others.',
      "  OrderDto: class-validator (member 'line': nested DTO LineDto stays on class-validator: @Validate on member 'quantity', a custom constraint runs only at run time)",
      "  LineDto: class-validator (@Validate on member 'quantity': a custom constraint runs only at run time)",
      "  NoteDto: class-validator (@IsString on member 'text': its argument `{ message: () => `at least ${minimum}` }` is only known at run time)",
      "  BatchDto: class-validator (@ArrayUnique on member 'lines': its argument `(line: { sku: string }) => line.sku` is only known at run time)",
      '',
    ].join('\n'),
  );
  const json = cli([fixtureSrc('member-names'), '--out', rel(path.join(TMP, 'cli-explain-validation-json')), '--explain', '--json']);
  assert.equal((JSON.parse(json.stdout) as { validation: unknown[] }).validation, [{ dto: 'PersonDto', compiled: true }, { dto: 'Address', compiled: true }]);
});

test.run();
