// Request ids made by the runtime: version-4 UUIDs, distinct, and made without Node's Web Crypto
// (whose first use costs a Node 20 start 2 ms of CPU on its first request).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newRequestId, requestIdOf } from '../../runtime/core/src/logging/request-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a new id is a version-4 UUID, and 100,000 of them are distinct', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 100_000; i++) {
    const id = newRequestId();
    if (!UUID_V4.test(id)) assert.unreachable(`not a version-4 UUID: ${id}`);
    seen.add(id);
  }
  assert.is(seen.size, 100_000);
});

test('every hexadecimal digit turns up in every free place', () => {
  const digits = Array.from({ length: 36 }, () => new Set<string>());
  for (let i = 0; i < 5_000; i++) [...newRequestId()].forEach((char, at) => digits[at]!.add(char));
  const free = digits.map((set, at) => ({ at, size: set.size })).filter(({ at }) => ![8, 13, 14, 18, 19, 23].includes(at));
  assert.equal(free.filter(({ size }) => size !== 16), [], 'places that do not take all 16 digits');
  assert.equal([...digits[19]!].sort(), ['8', '9', 'a', 'b'], 'the variant');
});

test('a usable forwarded id is kept, an unusable one replaced', () => {
  assert.is(requestIdOf('f3a9-17'), 'f3a9-17');
  assert.match(requestIdOf('a\nforged=1'), UUID_V4);
  assert.match(requestIdOf(undefined), UUID_V4);
});

test('making ids loads nothing of Node\'s crypto', () => {
  const source = readFileSync(new URL('../../runtime/core/src/logging/request-id.ts', import.meta.url), 'utf8');
  const { code } = transformSync(source, { loader: 'ts', format: 'esm' });
  const check = `${code}\nrequestIdOf(undefined); newRequestId();\nconsole.log(process.moduleLoadList.filter((m) => m.includes('crypto')).join(','));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', check], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stdout.trim(), '', 'crypto modules were loaded');
});

test.run();
