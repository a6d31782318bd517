/**
 * `@Ws()` routes of a fixture app with the `ws` client over real sockets: validated messages, the
 * guard at the upgrade, the limits and the close code each one ends with, ping/pong, a client that
 * stops reading, and a thousand sockets at once.
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { KeyGuard } from './fixtures/app/src/key.guard.js';
import { observed } from './fixtures/app/src/streams.controller.js';
import { until } from './wait.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const app = await new FrameworkApplication(tables, {
  streaming: { maxMessageBytes: 1024, messagesPerSecond: 20, pingIntervalMs: 1000, highWaterMarkBytes: 64 * 1024 },
}).init(AppModule);
const port = await app.listen(0, '127.0.0.1');
// The same routes with an idle timeout.
const idleApp = await new FrameworkApplication(tables, { streaming: { idleTimeoutMs: 1500 } }).init(AppModule);
const idlePort = await idleApp.listen(0, '127.0.0.1');

/** Opens a socket; resolves once open, or with the HTTP status the upgrade was refused with. */
function open(path: string, options: WebSocket.ClientOptions = {}, on = port): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${on}/streams${path}`, options);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}
const closed = (socket: WebSocket) => new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
const message = (socket: WebSocket) => new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));

test('each validated message reaches the handler as its DTO; what it yields comes back as JSON', async () => {
  const socket = (await open('/echo')) as WebSocket;
  for (const n of [1, 2, 3]) {
    const answer = message(socket);
    socket.send(JSON.stringify({ text: `hello ${n}`, n }));
    assert.equal(await answer, { text: `hello ${n}`, doubled: n * 2 });
  }
  const end = closed(socket);
  socket.close(1000, 'bye');
  assert.is((await end).code, 1000);
  await until(() => app.stats().openStreams === 0, 'the handler to end with the socket');
});

test('guards run once, at the upgrade: a refusal is an HTTP 403 and no socket opens', async () => {
  const before = KeyGuard.runs;
  assert.is(await open('/guarded-ws'), 403);
  const socket = (await open('/guarded-ws', { headers: { 'x-key': 'open-sesame' } })) as WebSocket;
  for (const n of [1, 2]) {
    const answer = message(socket);
    socket.send(JSON.stringify({ text: 'x', n }));
    assert.equal(await answer, { text: 'x', n });
  }
  assert.is(KeyGuard.runs - before, 2);
  socket.close();
  await until(() => app.stats().openStreams === 0, 'the socket to end');
});

for (const [what, send, code, reason] of [
  ['a message breaking its DTO\'s rules', JSON.stringify({ text: 'x', n: -1 }), 1007, 'n must not be less than 0'],
  ['a message that is not JSON', 'not json', 1007, 'not JSON'],
  ['a binary message', Buffer.from([1, 2, 3]), 1003, 'Binary'],
  ['a message over maxMessageBytes', JSON.stringify({ text: 'x'.repeat(2000), n: 1 }), 1009, ''],
] as const) {
  test(`${what} closes the socket with ${code}`, async () => {
    const socket = (await open('/echo')) as WebSocket;
    const end = closed(socket);
    socket.send(send);
    const result = await end;
    assert.is(result.code, code);
    assert.match(result.reason, reason);
    await until(() => app.stats().openStreams === 0, 'the session to end');
  });
}

test('more messages per second than allowed close the socket with 1008', async () => {
  const socket = (await open('/echo')) as WebSocket;
  const end = closed(socket);
  for (let i = 0; i < 40; i++) socket.send(JSON.stringify({ text: 'x', n: i }));
  const result = await end;
  assert.is(result.code, 1008);
  assert.match(result.reason, '20 messages per second');
});

test('a socket silent for idleTimeoutMs is closed with 4408', async () => {
  const socket = (await open('/echo', {}, idlePort)) as WebSocket;
  const started = Date.now();
  const result = await closed(socket);
  assert.is(result.code, 4408);
  assert.ok(Date.now() - started >= 1400);
});

test('a peer that stops answering pings is dropped', async () => {
  const socket = (await open('/echo', { autoPong: false })) as WebSocket;
  const result = await closed(socket);
  assert.is(result.code, 1006); // dropped without a closing handshake
  await until(() => app.stats().openStreams === 0, 'the session to end');
});

test('a client that stops reading pauses the handler once the socket buffers are full', async () => {
  const socket = (await open('/flood?count=1000000')) as WebSocket;
  socket.pause();
  let sample = -1;
  await until(() => {
    const stalled = observed.produced === sample;
    sample = observed.produced;
    return stalled;
  }, 'the handler to stop being pulled', 20_000, 300);
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.is(observed.produced, sample, 'nothing more is produced while nobody reads');
  socket.terminate();
  await until(() => app.stats().openStreams === 0, 'the session to end');
});

test('1,000 concurrent sockets each get their answer, and all are released when they close', async () => {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < 1000; i += 100) {
    sockets.push(...((await Promise.all(Array.from({ length: 100 }, () => open('/echo')))) as WebSocket[]));
  }
  assert.is(app.stats().openStreams, 1000);
  const answers = await Promise.all(
    sockets.map((socket, n) => {
      const answer = message(socket);
      socket.send(JSON.stringify({ text: 'all', n }));
      return answer;
    }),
  );
  assert.ok(answers.every((answer, n) => (answer as { doubled: number }).doubled === n * 2));
  for (const socket of sockets) socket.close();
  await until(() => app.stats().openStreams === 0, 'every socket to be released', 10_000);
});

test.after(async () => {
  await app.close();
  await idleApp.close();
});
test.run();
