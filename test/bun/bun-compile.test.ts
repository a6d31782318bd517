// `framework-build bundle --target bun --compile`: the example's HTTP-only entry as one Bun
// executable carrying its modules' bytecode. It serves as the bundle does (routes, a login, the
// malformed-JSON 400, pino's request lines, loaded on demand inside the executable) with the
// configuration of its start; an entry that exports a value is refused at its line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileForBun, type BunCompileResult } from '../../compiler/src/bundle/bun-compile.js';
import { launch } from '../launch.js';
import { ensureBun } from '../provision/bun.mjs';
import { hs256 } from '../auth/fixtures/tokens.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-bun-compile-'));
const secret = 'compiled-secret-of-at-least-32-bytes!!';
let bun: string;
let result: BunCompileResult;

/** An HS256 token for the example's demo user, signed with `key`. */
const signed = (key: string) => hs256({ sub: 'demo', roles: ['user'] }, key, '10m');

test.before(async () => {
  const runtime = ensureBun();
  if (!runtime.ok) throw new Error(runtime.message);
  bun = runtime.path;
  result = await compileForBun({ entry: 'examples/todo/src/main-http.ts', outDir: dir, cwd: repo, bun });
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test('the executable serves with the configuration of its start', async () => {
  assert.is(path.basename(result.executable), 'main-http');
  const server = await launch(result.executable, [], { cwd: tmpdir(), readyWithinMs: 30_000, env: { JWT_SECRET: secret, LOG_LEVEL: 'info' } });
  try {
    assert.is((await fetch(`${server.base}/health`)).status, 200);
    assert.is((await fetch(`${server.base}/todo`, { headers: { authorization: `Bearer ${await signed(secret)}` } })).status, 200);
    assert.is((await fetch(`${server.base}/todo`, { headers: { authorization: `Bearer ${await signed('another-secret-of-at-least-32-bytes!!')}` } })).status, 403);
    const login = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
    assert.is(login.status, 200);
    const malformed = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    assert.is(malformed.status, 400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.match(server.output(), /"path":"\/health"/, 'pino wrote the request lines');
  } finally {
    await server.stop();
  }
});

test('an entry that exports a value is refused at its line, naming --compile', async () => {
  try {
    await compileForBun({ entry: 'examples/todo/src/worker.ts', outDir: path.join(dir, 'worker'), cwd: repo, bun });
    assert.unreachable('the worker was compiled');
  } catch (error) {
    assert.match(String(error), /examples\/todo\/src\/worker\.ts:\d+: --compile bundles an entry that starts the app, and this one exports a value/);
  }
});

test.run();
