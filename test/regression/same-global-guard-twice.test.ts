// Regression: the same class declared twice as GLOBAL_GUARD (here in two modules) used to leave
// the application with no global guard at all, every route open, behind only a warning.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compiler/helpers.js';

test('a class declared twice as GLOBAL_GUARD still guards every route', async () => {
  const result = await compileFixture('regression-same-global-guard-twice');
  assert.equal(result.diagnostics.map((d) => d.code), ['FW1302']);
  assert.match(result.diagnostics[0]!.message, 'the last declared (DenyGuard) wins');
  const text = result.files[0]!.text;
  const providerLines = text.split('\n').filter((line) => line.trimStart().startsWith('{ token:'));
  const guardIndex = providerLines.findIndex((line) => line.includes('GLOBAL_GUARD'));
  assert.ok(guardIndex >= 0, 'the guard is a provider');
  assert.ok(text.includes(`globalGuard: ${guardIndex},`), `the tables name the global guard:\n${text}`);
});

test.run();
