import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, compileFixture, fixtureSrc, golden } from './helpers.js';

test('FW1014: a source file that does not parse is an error at the parser\'s first complaint, and nothing is emitted', async () => {
  const result = await compileFixture('fw1014-syntax-error');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1014',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1014-syntax-error/src/items.controller.ts',
      line: 7,
      column: 21,
      message: "items.controller.ts does not parse: ',' expected.",
    },
  ]);
  assert.match(result.diagnostics[0]!.hint, /tsc reports the same error/);
  assert.is(result.ok, false);
  assert.equal(result.files, []);
});

test('FW1014: the command line prints it with its code frame and exits non-zero (what `dev` keeps the last good app on)', () => {
  const run = cli([fixtureSrc('fw1014-syntax-error'), '--out', 'test/.tmp/compiler/fw1014-cli']);
  assert.is(run.status, 1, run.stdout + run.stderr);
  const out = run.stdout + run.stderr;
  assert.match(out, "items.controller.ts:7:21 - error FW1014: items.controller.ts does not parse: ',' expected.");
  assert.match(out, "return ['a', 'b';");
});

test('FW1014: a stray `{` is reported at that brace, not where the parser gives up lines later', async () => {
  const result = await compileFixture('fw1014-unclosed-brace');
  assert.equal(result.diagnostics.filter((d) => d.code === 'FW1014').map(golden), [
    {
      code: 'FW1014',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1014-unclosed-brace/src/items.controller.ts',
      line: 13,
      column: 12,
      message: "items.controller.ts does not parse: this '{' is never closed; the parser reads on to line 19 and stops there: '}' expected.",
    },
  ]);
  assert.match(result.diagnostics.find((d) => d.code === 'FW1014')!.hint, /^close the block this '\{' opens, or remove it if it is one too many \(tsc reports the file at line 19, where the parser gave up\)/);
  assert.is(result.ok, false);
});

test('FW1014: the unclosed-brace scan finds nothing in well-formed code of every style the repository uses', async () => {
  const { unclosedBrace } = await import('../../compiler/src/discover/unclosed-brace.js');
  const fs = await import('node:fs');
  const { execSync } = await import('node:child_process');
  const files = execSync('git ls-files "*.ts"', { encoding: 'utf8' }).trim().split('\n').filter((f) => !f.includes('fw1014-'));
  const flagged = files.filter((f) => unclosedBrace(fs.readFileSync(f, 'utf8')) !== undefined);
  assert.equal(flagged, []);
  assert.is(unclosedBrace('f() {\n  if (x) {{\n    a();\n  }\n}\n'), 15);
  // Braces inside strings, templates and regular expressions do not count.
  assert.is(unclosedBrace("const a = '{';\nconst b = `${'{'}`;\nconst c = /\\{/;\nfunction f() {\n  return 1;\n}\n"), undefined);
});

test.run();
