// The todo example as a Cloudflare Worker: `framework-build bundle examples/todo/src/worker.ts
// --target workers` (its tables, generated/todo-worker, built with `--root HttpAppModule`, leave the
// gRPC controller out) served by the real `workerd` through Miniflare: the configuration from the
// Worker's variables, the login and the bearer guard, the todo routes, validation, the 404, an
// event stream, and the size.
import { gzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { ensureMiniflare } from '../provision/miniflare.mjs';
import { carriesPackage } from '../bundle-text.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'framework-todo-worker-'));
let bundleFile = '';
type Worker = { dispatchFetch(url: string, init?: RequestInit): Promise<Response>; dispose(): Promise<void> };
let worker: Worker;
let token = '';

test.before(async () => {
  const miniflare = ensureMiniflare();
  if (!miniflare.ok) throw new Error(miniflare.message);
  bundleFile = (await bundleApp({ entry: path.join(ROOT, 'examples/todo/src/worker.ts'), outDir: dir, target: 'workers', cwd: ROOT })).file;
  const { Miniflare } = (await import(miniflare.url!)) as { Miniflare: new (options: object) => Worker };
  worker = new Miniflare({
    modules: true,
    scriptPath: bundleFile,
    modulesRoot: dir,
    compatibilityDate: '2026-04-01',
    compatibilityFlags: ['nodejs_compat'],
    bindings: { JWT_SECRET: 'the-todo-worker-secret-of-32-bytes-or-more', DEMO_PASSWORD: 'worker-demo' },
  });
});

test.after(async () => {
  await worker?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

test('the login takes the password from the Worker variables, and its token opens the guarded routes', async () => {
  const wrong = await worker.dispatchFetch('http://todo.test/auth/login', json({ username: 'demo', password: 'demo' }));
  assert.is(wrong.status, 401);
  await wrong.arrayBuffer();
  const login = await worker.dispatchFetch('http://todo.test/auth/login', json({ username: 'demo', password: 'worker-demo' }));
  assert.is(login.status, 200);
  token = ((await login.json()) as { access_token: string }).access_token;
  const none = await worker.dispatchFetch('http://todo.test/todo');
  assert.is(none.status, 403);
  await none.arrayBuffer();
});

test('the todo routes: create, read, update, list, delete', async () => {
  const auth = { authorization: `Bearer ${token}` };
  const created = await worker.dispatchFetch('http://todo.test/todo', json({ name: 'ship the Worker', priority: 1, colorLabel: '#00ff00' }, auth));
  assert.is(created.status, 200);
  const todo = (await created.json()) as { id: string; title: string; done: boolean };
  assert.equal([todo.title, todo.done], ['ship the Worker', false]);
  const updated = await worker.dispatchFetch(`http://todo.test/todo/${todo.id}`, { ...json({ done: true }, auth), method: 'PUT' });
  assert.is(((await updated.json()) as { done: boolean }).done, true);
  const list = (await (await worker.dispatchFetch('http://todo.test/todo', { headers: auth })).json()) as { id: string }[];
  assert.ok(list.some((t) => t.id === todo.id));
  const removed = await worker.dispatchFetch(`http://todo.test/todo/${todo.id}`, { method: 'DELETE', headers: auth });
  assert.is(removed.status, 200);
  await removed.arrayBuffer();
  const gone = await worker.dispatchFetch(`http://todo.test/todo/${todo.id}`, { headers: auth });
  assert.is(gone.status, 404);
  await gone.arrayBuffer();
});

test('refusals carry the framework status and body: invalid body, malformed JSON, unknown route', async () => {
  const auth = { authorization: `Bearer ${token}` };
  const invalid = await worker.dispatchFetch('http://todo.test/todo', json({ name: 7, priority: 1, colorLabel: '#00ff00' }, auth));
  assert.is(invalid.status, 400);
  assert.is(((await invalid.json()) as { name: string }).name, 'NotValidBodyException');
  const malformed = await worker.dispatchFetch('http://todo.test/todo', { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: '{"name":' });
  assert.is(malformed.status, 400);
  assert.is(((await malformed.json()) as { name: string }).name, 'MalformedBodyException');
  const missing = await worker.dispatchFetch('http://todo.test/nope', { headers: auth });
  assert.equal([missing.status, await missing.json()], [404, { status: 404, name: 'NotFoundException', message: 'Not found' }]);
});

test('health answers, and the change feed streams as server-sent events', async () => {
  const live = await worker.dispatchFetch('http://todo.test/health/live');
  assert.is(live.status, 200);
  await live.arrayBuffer();
  const auth = { authorization: `Bearer ${token}` };
  const events = await worker.dispatchFetch('http://todo.test/todo/events', { headers: { ...auth, 'last-event-id': '0' } });
  assert.is(events.status, 200);
  assert.match(events.headers.get('content-type') ?? '', /^text\/event-stream/);
  // The changes of the test above are replayed after Last-Event-ID 0: the stream starts with the create.
  const reader = events.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  assert.match(first, /event: created\nid: 1\ndata: \{.*"ship the Worker"/);
});

test('the Worker bundle carries no gRPC, and is under 1 MiB gzipped', () => {
  const text = readFileSync(bundleFile, 'utf8');
  assert.not.match(text, /@grpc\/grpc-js|TodoGrpcController/);
  const gzipped = gzipSync(text).length;
  assert.ok(gzipped < 1024 * 1024, `${gzipped} bytes gzipped`);
});

// Its DTOs and its configuration schema all compile: a Worker never runs
// class-validator, the servers or the static files reader (about 1 MB), so the bundle leaves them out.
test('the Worker bundle leaves out what a Worker never runs: under 320 KiB gzipped', () => {
  const text = readFileSync(bundleFile, 'utf8');
  for (const pkg of ['class-validator', 'libphonenumber-js', '@hono/node-server', 'ws', 'mime-db']) assert.not.ok(carriesPackage(text, pkg), pkg);
  const gzipped = gzipSync(text).length;
  assert.ok(gzipped < 320 * 1024, `${gzipped} bytes gzipped`);
});

test.run();
