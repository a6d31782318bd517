/**
 * `@Ws()` routes of a fixture app with the `ws` client over real sockets: validated messages, the
 * guard at the upgrade, the limits and the close code each one ends with, ping/pong, a client that
 * stops reading, and a thousand sockets at once.
 */
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { connect } from 'node:net';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { KeyGuard } from './fixtures/app/src/key.guard.js';
import { lateSignals, observed } from './fixtures/app/src/streams.controller.js';
import { closeFor, closed, nextMessage, openSocket, until, untilStalled } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const logged: unknown[][] = [];
const logger: Logger = { error: (...args) => void logged.push(args), warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, {
  // Pings are the ping test's own app's: a client in this busy process may answer one late.
  streaming: { maxMessageBytes: 1024, messagesPerSecond: 20, pingIntervalMs: 0, highWaterMarkBytes: 64 * 1024 },
  logger,
}).init(AppModule);
const port = await app.listen(0, '127.0.0.1');
// The same routes with an idle timeout.
const idleApp = await new FrameworkApplication(tables, { streaming: { idleTimeoutMs: 1500, pingIntervalMs: 0 } }).init(AppModule);
const idlePort = await idleApp.listen(0, '127.0.0.1');
// The same routes pinging every 300 ms.
const pingApp = await new FrameworkApplication(tables, { streaming: { pingIntervalMs: 300 } }).init(AppModule);
const pingPort = await pingApp.listen(0, '127.0.0.1');

const open = (path: string, options: WebSocket.ClientOptions = {}, on = port) => openSocket(`ws://127.0.0.1:${on}/streams${path}`, options);
const message = nextMessage;

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
    const result = await closeFor(`ws://127.0.0.1:${port}/streams/echo`, {}, send);
    assert.is(result.code, code);
    assert.match(result.reason, reason);
    await until(() => app.stats().openStreams === 0, 'the session to end');
  });
}

test('parameters read the upgrade request; the generator reading it through the context after the socket opened fails with 1011, logged with what to do (on both adapters)', async () => {
  // Listening before the socket opens: the handler's first message may come with the handshake's answer.
  const socket = new WebSocket(`ws://127.0.0.1:${port}/streams/late-read?q=hi`, { headers: { 'x-key': 'k1' } });
  const answers: unknown[] = [];
  socket.on('message', (data) => answers.push(JSON.parse(String(data))));
  const { code } = await closed(socket);
  assert.equal(answers[0], { key: 'k1', q: 'hi', address: '127.0.0.1' });
  assert.is(answers.length, 1);
  assert.is(code, 1011);
  const line = logged.map((args) => args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ')).find((text) => text.includes('late-read'));
  assert.ok(line?.includes('@Header()'), `logged: ${line}`);
});

for (const when of ['open', 'finally'] as const) {
  test(`context.signal read for the first time after the socket opened (${when === 'open' ? 'while it is open' : 'in the handler\'s finally'}) is aborted when the client leaves`, async () => {
    const socket = (await open(`/late-signal?when=${when}`)) as WebSocket;
    const answer = message(socket);
    socket.send(JSON.stringify({ text: 'x', n: 1 }));
    assert.equal(await answer, { text: 'x', n: 1 });
    // The handler is now waiting: on the signal (`open`), or for the next message (`finally`).
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.close(1000);
    const seen = when === 'open' ? () => lateSignals.whileOpen : () => lateSignals.inFinally;
    await until(() => seen() !== undefined, 'the handler to look at its signal');
    assert.is(seen(), true);
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
  const socket = (await open('/echo', { autoPong: false }, pingPort)) as WebSocket;
  const result = await closed(socket);
  assert.is(result.code, 1006); // dropped without a closing handshake
  await until(() => pingApp.stats().openStreams === 0, 'the session to end');
});

test('a silent peer that answers pings stays open', async () => {
  const socket = (await open('/echo', {}, pingPort)) as WebSocket;
  let closedEarly = false;
  socket.once('close', () => (closedEarly = true));
  // Five pings: each one after the first is dropped unless the pong to the one before was heard.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.not.ok(closedEarly, 'the socket is still open');
  const answer = nextMessage(socket);
  socket.send(JSON.stringify({ text: 'still here', n: 1 }));
  assert.equal(await answer, { text: 'still here', doubled: 2 });
  socket.close();
});

test('a client that stops reading pauses the handler once the socket buffers are full', async () => {
  const socket = (await open('/flood?count=1000000')) as WebSocket;
  socket.pause();
  const sample = await untilStalled(() => observed.produced, 'the handler to stop being pulled');
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

test('close() cuts a socket whose peer never answers the 1001 close (it does not wait the 30 s ws would)', async () => {
  const closing = await new FrameworkApplication(tables, { shutdownTimeoutMs: 5000, streaming: { pingIntervalMs: 0 } }).init(AppModule);
  const on = await closing.listen(0, '127.0.0.1');
  // A raw connection: it upgrades, then reads and never writes again (no close frame back).
  const raw = connect(on, '127.0.0.1');
  raw.write(`GET /streams/echo HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n`);
  const head = await new Promise<string>((resolve) => raw.once('data', (data) => resolve(String(data))));
  assert.match(head, /^HTTP\/1\.1 101/);
  const cut = new Promise((resolve) => raw.once('close', resolve));
  await until(() => closing.stats().openStreams === 1, 'the socket to open');
  const started = Date.now();
  await closing.close();
  const took = Date.now() - started;
  assert.ok(took < 2000, `close() took ${took} ms`);
  await cut;
});

test('a socket whose upgrade is still in the chain when close() begins is closed (1001) as it opens', async () => {
  const closing = await new FrameworkApplication(tables, { shutdownTimeoutMs: 5000, streaming: { pingIntervalMs: 0 } }).init(AppModule);
  const on = await closing.listen(0, '127.0.0.1');
  // The guard answers 400 ms later: close() begins while the upgrade waits for it.
  const socket = openSocket(`ws://127.0.0.1:${on}/streams/guarded-ws`, { headers: { 'x-key': 'open-sesame', 'x-delay-ms': '400' } });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = Date.now();
  await closing.close();
  const took = Date.now() - started;
  assert.ok(took < 2000, `close() took ${took} ms`);
  const opened = await socket;
  assert.ok(opened instanceof WebSocket, 'the upgrade let through before close() still opens');
  const { code } = await closed(opened as WebSocket);
  assert.is(code, 1001);
  assert.is(closing.stats().openStreams, 0);
});

test.after(async () => {
  await app.close();
  await idleApp.close();
  await pingApp.close();
});
test.run();
