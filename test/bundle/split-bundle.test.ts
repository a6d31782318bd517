// `framework-build bundle --split`: the example's entry holds what it needs to start, and what it
// loads with `import()` (the OpenTelemetry SDK, the Redis client, pino, the listeners) is in
// chunks/ beside it, read only when loaded. Run from a directory where no node_modules can be
// reached: the routes answer, the request log (pino, a CommonJS package loaded with `import()`,
// whose named export the chunk must still give) writes, and the Redis client (ioredis, the same
// case) is created when REDIS_URL is set.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { call, todoClient } from '../e2e/grpc-client.js';
import { launch } from '../launch.js';

const entry = fileURLToPath(new URL('../../examples/todo/src/main.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-split-'));
const env = { JWT_SECRET: 'bundle-secret-of-at-least-32-bytes!!' };
let result: Awaited<ReturnType<typeof bundleApp>>;

test.before(async () => {
  result = await bundleApp({ entry, outDir: dir, target: 'node', split: true });
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test('the entry is small; the lazily loaded parts are chunks beside it', () => {
  assert.equal(readdirSync(dir).sort(), ['chunks', 'main.mjs']);
  assert.ok(result.chunks > 5, `${result.chunks} chunks`);
  const main = statSync(path.join(dir, 'main.mjs')).size;
  assert.ok(main < result.bytes / 10, `the entry is ${main} of ${result.bytes} bytes`);
  assert.ok(readFileSync(path.join(dir, 'main.mjs'), 'utf8').includes('syntax = \\"proto3\\"'), 'the schema is in the entry');
  assert.not.ok(existsSync(path.join(dir, 'node_modules')));
});

test('it starts and answers, with the request log on; gRPC answers from the carried schema', async () => {
  const server = await launch(process.execPath, [path.join(dir, 'main.mjs')], { cwd: dir, readyWithinMs: 30_000, env: { ...env, LOG_LEVEL: 'info' } });
  try {
    const login = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
    assert.is(login.status, 200);
    const token = ((await login.json()) as { access_token: string }).access_token;
    assert.is((await fetch(`${server.base}/todo`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    const client = todoClient(server.grpcAddress);
    try {
      assert.is(((await call(client.CreateTodo, client, { title: 'split' }, token)) as { title: string }).title, 'split');
    } finally {
      client.close();
    }
    // pino writes one JSON line per request.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.match(server.output(), /"url":"\/auth\/login"|"path":"\/auth\/login"|\/auth\/login/);
  } finally {
    await server.stop();
  }
});

test('with REDIS_URL set the Redis client is created from its chunk (the server starts while Redis is down)', async () => {
  const server = await launch(process.execPath, [path.join(dir, 'main.mjs')], { cwd: dir, readyWithinMs: 30_000, env: { ...env, LOG_LEVEL: 'warn', REDIS_URL: 'redis://127.0.0.1:1' } });
  try {
    assert.is((await fetch(`${server.base}/health/live`)).status, 200);
  } finally {
    await server.stop();
  }
});

test.run();
