// `npm install` in a fresh clone must leave the tree clean. The registry reachable here lacks deno's
// non-Linux packages, so their lockfile entries are written by hand; npm rewrites any entry whose
// keys are not in its own order (metadata keys sorted after version/resolved/integrity).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, Record<string, unknown>>;
};
const LEADING = ['version', 'resolved', 'integrity'];

test('the hand-written lockfile entries (no `resolved`) keep the key order npm writes', () => {
  const handWritten = Object.entries(lock.packages).filter(([name, entry]) => name.startsWith('node_modules/@deno/') && !('resolved' in entry));
  assert.ok(handWritten.length >= 5, `found ${handWritten.length} hand-written @deno entries`);
  for (const [name, entry] of handWritten) {
    const keys = Object.keys(entry);
    const leading = keys.filter((k) => LEADING.includes(k));
    const rest = keys.filter((k) => !LEADING.includes(k));
    assert.equal(keys, [...leading, ...[...rest].sort()], `${name}: ${keys.join(', ')}`);
  }
});

test.run();
