/**
 * The `@Ws()` upgrade stage on an observed application, the same on both adapters (this suite runs
 * on each, see `BOTH_HTTP_ADAPTERS` in test/run.mjs): a refused upgrade answers with its request
 * id and writes one request line with its status; an accepted socket writes its line (101) once,
 * when it ends; a `@Req()` parameter still reads the upgrade request after the socket opened, while a
 * socket whose handler took none lets the request go.
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { request } from 'node:http';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { closed, nextMessage, openSocket, until } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const lines: Record<string, unknown>[] = [];
const app = await new FrameworkApplication(tables, {
  streaming: { pingIntervalMs: 0 },
  requestLog: { destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  logger: { error: () => undefined, warn: () => undefined, log: () => undefined },
}).init(AppModule);
const port = await app.listen(0, '127.0.0.1');
const url = (path: string) => `ws://127.0.0.1:${port}/streams${path}`;
const linesOf = (path: string) => lines.filter((line) => line.path === `/streams${path}`);

/** The raw answer to an upgrade request that opens no socket: status, headers, body. */
function refusedUpgrade(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const asked = request({ port, host: '127.0.0.1', path: `/streams${path}`, headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers } });
    asked.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    asked.on('upgrade', () => reject(new Error('the upgrade was accepted')));
    asked.on('error', reject);
    asked.end();
  });
}

test('a guard refusing the upgrade: a 403 with the request id, and one request line with that status and id', async () => {
  const before = linesOf('/guarded-ws').length;
  const refused = await refusedUpgrade('/guarded-ws', { 'x-key': 'wrong' });
  assert.is(refused.status, 403);
  assert.is((JSON.parse(refused.body) as { status: number }).status, 403);
  const id = refused.headers['x-request-id'];
  assert.type(id, 'string');
  await until(() => linesOf('/guarded-ws').length === before + 1, 'the request line');
  const line = linesOf('/guarded-ws').at(-1)!;
  assert.is(line.status, 403);
  assert.is(line.requestId, id);
});

test('a request to a socket without Upgrade: websocket is a 426 naming how to open it, logged once', async () => {
  const before = linesOf('/echo').length;
  const answer = await fetch(`http://127.0.0.1:${port}/streams/echo`);
  assert.is(answer.status, 426);
  assert.match(await answer.text(), 'new WebSocket(url)');
  assert.type(answer.headers.get('x-request-id'), 'string');
  await until(() => linesOf('/echo').length === before + 1, 'the request line');
  assert.is(linesOf('/echo').at(-1)!.status, 426);
});

test('an accepted socket writes its request line once, when it ends', async () => {
  const before = linesOf('/echo').length;
  const socket = (await openSocket(url('/echo'))) as WebSocket;
  const answer = nextMessage(socket);
  socket.send(JSON.stringify({ text: 'hi', n: 1 }));
  assert.equal(await answer, { text: 'hi', doubled: 2 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.is(linesOf('/echo').length, before, 'no line while the socket is open');
  const end = closed(socket);
  socket.close(1000);
  await end;
  await until(() => linesOf('/echo').length === before + 1, 'the request line');
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.is(linesOf('/echo').length, before + 1, 'one line');
  assert.is(linesOf('/echo').at(-1)!.status, 101);
});

test('a @Req() parameter reads the upgrade request after the socket opened; without one the request is let go (1011)', async () => {
  // Listening before the socket opens: the handler's message may come with the handshake's answer.
  const kept = new WebSocket(url('/req-late'), { headers: { 'x-key': 'k2' } });
  const answers: unknown[] = [];
  kept.on('message', (data) => answers.push(JSON.parse(String(data))));
  assert.is((await closed(kept)).code, 1000);
  assert.equal(answers, [{ key: 'k2', path: '/streams/req-late' }]);
  const letGo = new WebSocket(url('/late-read?q=x'), { headers: { 'x-key': 'k3' } });
  assert.is((await closed(letGo)).code, 1011);
});

test.after(async () => {
  await app.close();
});

test.run();
