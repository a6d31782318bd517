// The todo example on Bun (from the npm registry's `bun` package, test/provision/bun.mjs): its
// `framework-build bundle --target bun` file served by app.listen through Bun.serve, answering as
// the same bundle does on Node (routes, the JWT guard, validation and malformed-JSON 400s, 404,
// 413, an event stream, its socket), and GrpcServer.listen refusing with one message naming where gRPC runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { launch, type LaunchedServer } from '../launch.js';
import { ensureBun } from '../provision/bun.mjs';
import { checkChangeSocket, createdEventText, demoToken } from './todo-client.js';

const entry = fileURLToPath(new URL('./fixtures/http-main.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-bun-'));
const env = { JWT_SECRET: 'bun-secret-of-at-least-32-bytes!!!!!' };
let bun: LaunchedServer;
let node: LaunchedServer;

test.before(async () => {
  const runtime = ensureBun();
  if (!runtime.ok) throw new Error(runtime.message);
  const [forBun, forNode] = await Promise.all([
    bundleApp({ entry, outDir: path.join(dir, 'bun'), target: 'bun' }),
    bundleApp({ entry, outDir: path.join(dir, 'node'), target: 'node' }),
  ]);
  [bun, node] = await Promise.all([
    launch(runtime.path!, [forBun.file], { cwd: path.dirname(forBun.file), env, readyWithinMs: 30_000 }),
    launch(process.execPath, [forNode.file], { cwd: path.dirname(forNode.file), env, readyWithinMs: 30_000 }),
  ]);
});

test.after(async () => {
  await Promise.all([bun?.stop(), node?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});


test('it runs on Bun, and GrpcServer.listen refuses there naming the runtimes that serve gRPC', () => {
  assert.match(bun.output(), /todo example on Bun: HTTP on/);
  assert.match(bun.output(), /gRPC refused: gRPC is not served on Bun: .*Serve gRPC on Node \(20\.19\+, 22\.12\+, 24\) or Deno \(2\.8\+\)/);
  assert.match(node.output(), /gRPC listening on \d+/, 'the same bundle serves gRPC on Node');
});

test('routes and refusals answer on Bun with the status and body they have on Node', async () => {
  const [bunToken, nodeToken] = await Promise.all([demoToken(bun.base), demoToken(node.base)]);
  const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const requests: [string, (token: string) => RequestInit, number][] = [
    ['/health', () => ({}), 200],
    ['/todo', () => ({}), 403],
    ['/todo', () => ({ headers: { authorization: 'Bearer not-a-token' } }), 403],
    ['/todo', (t) => ({ method: 'POST', headers: json(t), body: JSON.stringify({ name: 'milk', priority: 1, colorLabel: '#fff' }) }), 200],
    ['/todo', (t) => ({ method: 'POST', headers: json(t), body: JSON.stringify({ name: 7, priority: 1, colorLabel: '#fff' }) }), 400],
    ['/todo', (t) => ({ method: 'POST', headers: json(t), body: '{"name":' }), 400],
    ['/todo', (t) => ({ method: 'POST', headers: json(t), body: 'x'.repeat(65 * 1024) }), 413],
    ['/no-such-route', (t) => ({ headers: json(t) }), 404],
  ];
  for (const [route, init, status] of requests) {
    const [onBun, onNode] = await Promise.all([fetch(`${bun.base}${route}`, init(bunToken)), fetch(`${node.base}${route}`, init(nodeToken))]);
    const [bunBody, nodeBody] = await Promise.all([onBun.text(), onNode.text()]);
    const what = `${init('').method ?? 'GET'} ${route} → ${status}`;
    assert.is(onBun.status, status, what);
    assert.is(onNode.status, status, what);
    // The created todo's id may differ (each server numbers its own), and so does the JSON
    // parser's own words after "not valid JSON:" (V8's and JavaScriptCore's).
    const same = (body: string) => body.replace(/"id":"[^"]*"/, '').replace(/(not valid JSON): [^"]*/, '$1');
    assert.is(same(bunBody), same(nodeBody), what);
    assert.is(onBun.headers.get('content-type'), onNode.headers.get('content-type'), what);
  }
});

test('the example\'s socket opens on Bun as on Node: refused before the upgrade without a token, then each created todo comes back', async () => {
  for (const server of [bun, node]) await checkChangeSocket(server.base, await demoToken(server.base), server === bun ? 'Bun' : 'Node');
});

test('an event stream flows through a streamed Response on Bun', async () => {
  const token = await demoToken(bun.base);
  const { response: events, text } = await createdEventText(bun.base, token);
  assert.is(events.status, 200);
  assert.match(events.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.match(text, /event: created\nid: \d+\ndata: .*"title":"streamed"/);
});

test.run();
