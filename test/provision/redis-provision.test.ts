// The test command provisions redis-server or stops at once with one line saying what to install;
// a Redis suite that cannot start its server reports why, not a crash in its teardown.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A PATH holding only `node`: no redis-server, no apt-get, no sudo, no brew. */
function bareEnv(): { env: NodeJS.ProcessEnv; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'framework-bare-path-'));
  symlinkSync(process.execPath, path.join(dir, 'node'));
  return { env: { ...process.env, PATH: dir }, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });

test('without redis-server and without a way to install it, the test command stops at once with one line', () => {
  const bare = bareEnv();
  try {
    const result = run(['test/run.mjs', 'throttler/redis'], bare.env);
    assert.is(result.status, 1);
    const lines = (result.stdout + result.stderr).trim().split('\n');
    assert.is(lines.length, 1, result.stdout + result.stderr);
    assert.match(lines[0]!, /needs redis-server .*apt-get install redis-server.*brew install redis/);
  } finally {
    bare.dispose();
  }
});

test('with redis-server on PATH, provisioning finds it and installs nothing', () => {
  const result = run(['test/provision/redis.mjs'], process.env);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /^redis-server: \/.*redis-server\n$/);
});

test('a Redis suite whose server cannot start reports the cause, not a teardown crash', () => {
  const bare = bareEnv();
  try {
    const result = run(['--import', 'tsx', 'test/throttler/redis-storage.test.ts'], bare.env);
    const output = result.stdout + result.stderr;
    assert.match(output, /Passed:\s+0\n/);
    assert.match(output, /Cannot run redis-server \(is it installed\?\)/);
    assert.not.match(output, /reading 'disconnect'/);
  } finally {
    bare.dispose();
  }
});

test.run();
