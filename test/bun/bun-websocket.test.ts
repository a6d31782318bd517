// `@Ws()` routes on Bun (test/provision/bun.mjs) through Bun's own upgrade (`server.upgrade`,
// `Bun.serve`'s `websocket`): the fixture app of the Deno suites, bundled for Bun, passes the
// streaming suite that Deno's and Node's servers pass (test/deno/streaming-suite.ts: echo, the
// 1007 of an invalid message, the guard's 403 before the upgrade, a dropped socket aborting its
// handler, SIGTERM's 1001), and the limits the Node suite checks (test/streaming/websocket.test.ts):
// 1009 over maxMessageBytes, 1003 for binary, pings and the idle timeout, a handler held back by a
// client that stops reading, a socket still in the chain when the server closes (1001 as it
// opens); 404, 426 and 400 before any socket opens; each socket's request line says 101, a
// refusal's its status and request id.
import { build } from '@framework/compiler';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { registerStreamingSuite } from '../deno/streaming-suite.js';
import { launch, type LaunchedServer } from '../launch.js';
import { ensureBun } from '../provision/bun.mjs';
import { closeFor, closed, nextMessage, openSocket, until } from '../streaming/helpers.js';

const runtime = ensureBun();
if (!runtime.ok) throw new Error(runtime.message);
const fixture = new URL('../deno/fixtures/app/', import.meta.url);
const built = await build({ srcDir: fileURLToPath(new URL('src', fixture)), outDir: fileURLToPath(new URL('generated', fixture)), write: true });
if (!built.ok) throw new Error(`framework-build failed on the fixture:\n${built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
const dir = mkdtempSync(path.join(tmpdir(), 'framework-bun-ws-'));
const { file } = await bundleApp({ entry: fileURLToPath(new URL('./fixtures/streams-main.ts', import.meta.url)), outDir: dir, target: 'bun' });
const JWT_SECRET = 'bun-socket-secret-of-at-least-32-bytes';
const onBun = (env: Record<string, string> = {}) => launch(runtime.path!, [file], { cwd: dir, env: { JWT_SECRET, ...env }, readyWithinMs: 30_000 });

registerStreamingSuite('bun', (env) => onBun(env));

interface RequestLine {
  path?: string;
  status?: number;
  requestId?: string;
}
const wsUrl = (server: LaunchedServer, route: string): string => `${server.base.replace('http:', 'ws:')}/streams${route}`;
const linesOf = (server: LaunchedServer, route: string): RequestLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((line) => line.path === `/streams${route}`);

/** The HTTP answer to an upgrade request that opens no socket (fetch cannot send `Upgrade`). */
function refusedUpgrade(server: LaunchedServer, route: string, headers: Record<string, string>): Promise<{ status: number; requestId: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const asked = request(`${server.base}/streams${route}`, { headers: { connection: 'Upgrade', upgrade: 'websocket', ...headers } });
    asked.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, requestId: response.headers['x-request-id'] as string | undefined, body }));
    });
    asked.on('upgrade', () => reject(new Error('the upgrade was accepted')));
    asked.on('error', reject);
    asked.end();
  });
}
const HANDSHAKE = { 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };

const limits = suite<{ server: LaunchedServer; pinging: LaunchedServer }>('the limits of a socket on Bun');
limits.before(async (context) => {
  [context.server, context.pinging] = await Promise.all([onBun(), onBun({ PING_MS: '300', IDLE_MS: '1500' })]);
});
limits.after(async ({ server, pinging }) => {
  await Promise.all([server?.stop(), pinging?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

limits('a socket writes one request line, 101, when it ends; a refused upgrade its status and request id', async ({ server }) => {
  const before = linesOf(server, '/echo').length;
  const socket = (await openSocket(wsUrl(server, '/echo'))) as WebSocket;
  const answer = nextMessage(socket);
  socket.send(JSON.stringify({ text: 'hi', n: 1 }));
  assert.equal(await answer, { text: 'hi', doubled: 2 });
  assert.is(linesOf(server, '/echo').length, before, 'no line while the socket is open');
  const end = closed(socket);
  socket.close(1000);
  await end;
  await until(() => linesOf(server, '/echo').length === before + 1, 'the request line');
  assert.is(linesOf(server, '/echo').at(-1)!.status, 101);

  const refused = await refusedUpgrade(server, '/private', HANDSHAKE);
  assert.is(refused.status, 403);
  const id = refused.requestId;
  assert.type(id, 'string');
  await until(() => linesOf(server, '/private').some((line) => line.requestId === id), 'the refusal\'s request line');
  assert.is(linesOf(server, '/private').find((line) => line.requestId === id)!.status, 403);
});

limits('a message over maxMessageBytes closes with 1009, a binary one with 1003, as on Node', async ({ server }) => {
  assert.is((await closeFor(wsUrl(server, '/echo'), {}, JSON.stringify({ text: 'x'.repeat(2000), n: 1 }))).code, 1009);
  const binary = await closeFor(wsUrl(server, '/echo'), {}, Buffer.from([1, 2, 3]));
  assert.is(binary.code, 1003);
  assert.match(binary.reason, 'Binary');
});

limits('an upgrade to no route is a 404; a request to a socket without Upgrade: websocket a 426; a handshake without its key a 400 saying what it needs', async ({ server }) => {
  assert.is((await refusedUpgrade(server, '/no-such-socket', HANDSHAKE)).status, 404);
  assert.is((await fetch(`${server.base}/streams/echo`)).status, 426);
  const keyless = await refusedUpgrade(server, '/echo', {});
  assert.is(keyless.status, 400);
  assert.match(keyless.body, 'The WebSocket handshake cannot be answered');
});

limits('a peer that stops answering pings is dropped, one that answers them stays; a silent one is closed with 4408 after the idle timeout', async ({ pinging }) => {
  const deaf = (await openSocket(wsUrl(pinging, '/echo'), { autoPong: false })) as WebSocket;
  const answering = (await openSocket(wsUrl(pinging, '/echo'))) as WebSocket;
  const [dropped, idle] = [closed(deaf), closed(answering)];
  const droppedAt = Date.now();
  // Dropped without a close frame: the client sees 1006.
  assert.is((await dropped).code, 1006);
  assert.ok(Date.now() - droppedAt < 1400, 'dropped by the pings, before the idle timeout');
  assert.is(answering.readyState, WebSocket.OPEN);
  const end = await idle;
  assert.is(end.code, 4408);
});

limits('a client that stops reading holds the handler back once Bun buffers more than highWaterMarkBytes; reading on lets it go on', async ({ server }) => {
  const flooded = async (): Promise<number> => ((await (await fetch(`${server.base}/streams/probe`)).json()) as { flooded: number }).flooded;
  const socket = (await openSocket(wsUrl(server, '/flood'))) as WebSocket;
  socket.pause();
  let seen = -1;
  let now = await flooded();
  for (const end = Date.now() + 20_000; now !== seen; now = await flooded()) {
    if (Date.now() > end) assert.unreachable(`the handler never stopped: ${now} values yielded`);
    seen = now;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  // About 1 KB each: what the kernel's buffers and Bun's 1 MiB hold, far from unbounded.
  assert.ok(now > 0 && now < 20_000, `${now} values yielded before the handler waited`);
  socket.resume();
  for (const end = Date.now() + 10_000; (await flooded()) <= now; ) {
    if (Date.now() > end) assert.unreachable('the handler did not go on once the client read');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  socket.terminate();
});

limits('a socket whose upgrade is still in the chain when the server closes opens, and is closed with 1001; the process exits 0', async () => {
  const closing = await onBun();
  // The guard answers 500 ms later: SIGTERM's close() begins while the upgrade waits for it.
  const socket = openSocket(wsUrl(closing, '/slow-echo'), { headers: { 'x-delay-ms': '500' } });
  await new Promise((resolve) => setTimeout(resolve, 150));
  const stopped = closing.stop();
  const opened = await socket;
  assert.instance(opened, WebSocket, 'the upgrade let through before close() still opens');
  const end = await closed(opened as WebSocket);
  // Closed by its session, as every open socket is at close(): not left to Bun's own stop.
  assert.equal(end, { code: 1001, reason: 'The server is shutting down.' });
  await stopped;
  assert.is(await closing.exited, 0, closing.output());
});

limits.run();
