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

test.run();
