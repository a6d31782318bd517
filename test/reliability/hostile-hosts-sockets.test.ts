// Hostile WebSocket clients and event-stream requests against the Node server, with frames built by
// hand on a bare socket (`fixtures/raw-websocket.ts`) where a client library would refuse to send
// them: invalid UTF-8, a message at and just over maxMessageBytes, fragments whose total crosses
// it, protocol violations, ping floods, broken handshakes, upgrades to routes that are not sockets,
// thousands of messages at once; a Last-Event-ID of 1 MiB or of garbage. Each ends with the close
// code or status docs/streaming.md gives, no stack, the session released, and the server serving a
// normal socket afterwards, in linear time.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { connect } from 'node:net';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../streaming/fixtures/app/src/app.module.js';
import { closed, nextMessage, openSocket, until } from '../streaming/helpers.js';
import { medianMs, scalesLinearly } from './fixtures/linear-time.js';
import { closeCodeOf, frame, framesOf, rawUpgrade } from './fixtures/raw-websocket.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../streaming/fixtures/app/', import.meta.url), 'AppModule', 'generated-hostile-sockets');
const logged: unknown[][] = [];
const logger: Logger = { error: (...args) => void logged.push(args), warn: () => undefined, log: () => undefined };
const LIMIT = 1024;
const app = await new FrameworkApplication(tables, { logger, streaming: { maxMessageBytes: LIMIT, pingIntervalMs: 0, messagesPerSecond: 1_000_000 } }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');
// The default message rate (100 a second) for the burst.
const rated = await new FrameworkApplication(tables, { logger, streaming: { pingIntervalMs: 0 } }).init(AppModule);
const ratedPort = await rated.listen(0, '127.0.0.1');

/** A JSON message for /streams/echo of exactly `bytes` bytes. */
const messageOf = (bytes: number) => {
  const bare = JSON.stringify({ text: 'x', n: 1, pad: '' });
  return JSON.stringify({ text: 'x', n: 1, pad: 'p'.repeat(bytes - bare.length) });
};

/** Sends `frames` on a fresh socket of /streams/echo and returns the close code the server answers with. */
async function closeFor(...frames: Buffer[]): Promise<{ code: number; reason: string }> {
  const upgrade = await rawUpgrade(port, '/streams/echo');
  assert.is(upgrade.status, 101);
  upgrade.socket.write(Buffer.concat(frames));
  return closeCodeOf(upgrade);
}

async function stillServes(): Promise<void> {
  const socket = (await openSocket(`ws://127.0.0.1:${port}/streams/echo`)) as WebSocket;
  const answer = nextMessage(socket);
  socket.send(JSON.stringify({ text: 'after', n: 2 }));
  assert.equal(await answer, { text: 'after', doubled: 4 }, 'a normal socket afterwards');
  socket.close();
  await until(() => app.stats().openStreams === 0, 'every session released');
}

test('text that is not UTF-8 closes with 1007; protocol violations with 1002; nothing is logged as a fault', async () => {
  assert.is((await closeFor(frame(1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])))).code, 1007);
  // Unmasked, a reserved opcode, a continuation with nothing to continue, a control frame over 125 bytes.
  for (const bytes of [Buffer.from([0x81, 2, 0x7b, 0x7d]), frame(3, 'x'), frame(0, 'x'), frame(9, 'x'.repeat(200))]) assert.is((await closeFor(bytes)).code, 1002);
  assert.equal(logged, []);
  await stillServes();
});

test('a message of exactly maxMessageBytes is served; one byte more, or fragments whose total crosses it, close with 1009', async () => {
  const upgrade = await rawUpgrade(port, '/streams/echo');
  upgrade.socket.write(frame(1, messageOf(LIMIT)));
  await until(() => framesOf(Buffer.concat(upgrade.received)).length > 0, 'the answer');
  assert.equal(JSON.parse(framesOf(Buffer.concat(upgrade.received))[0]!.payload.toString()), { text: 'x', doubled: 2 });
  upgrade.socket.destroy();
  assert.is((await closeFor(frame(1, messageOf(LIMIT + 1)))).code, 1009);
  const half = 'a'.repeat(LIMIT / 2 + 1);
  assert.is((await closeFor(frame(1, half, false), frame(0, half))).code, 1009);
  await stillServes();
});

test('a handshake ws refuses is a 400 naming the header; upgrades to routes that are not sockets get what a GET would, or 400/403/404', async () => {
  for (const [headers, named] of [
    [{ 'Sec-WebSocket-Key': 'short' }, 'Sec-WebSocket-Key'],
    [{ 'Sec-WebSocket-Key': undefined }, 'Sec-WebSocket-Key'],
    [{ 'Sec-WebSocket-Version': 'abc' }, 'Sec-WebSocket-Version'],
  ] as const) {
    const refused = await rawUpgrade(port, '/streams/echo', headers);
    assert.equal([refused.status, refused.body.includes(named)], [400, true], named);
  }
  const answers = await Promise.all(['/streams/ticks', '/nowhere', '/streams/guarded-ws'].map((path) => rawUpgrade(port, path)));
  assert.equal(
    answers.map(({ status, body }) => [status, JSON.parse(body).name]),
    [
      [400, 'EventStreamUpgradeException'],
      [404, 'NotFoundException'],
      [403, 'ForbiddenException'],
    ],
  );
  const plain = await rawUpgrade(port, '/streams/page');
  assert.equal([plain.status, plain.body.startsWith('<!doctype html>')], [200, true]);
  for (const { socket } of [...answers, plain]) socket.destroy();
  await stillServes();
});

test('a ping flood drops the connection (ws keeps at most 60 pongs waiting) and releases its session; a few pings are each answered', async () => {
  const few = await rawUpgrade(port, '/streams/echo');
  few.socket.write(Buffer.concat(Array.from({ length: 30 }, () => frame(9, 'p'))));
  await until(() => framesOf(Buffer.concat(few.received)).filter((f) => f.opcode === 10).length === 30, '30 pongs');
  few.socket.destroy();
  const flood = await rawUpgrade(port, '/streams/echo');
  flood.socket.write(Buffer.concat(Array.from({ length: 10_000 }, () => frame(9, 'p'))));
  await closeCodeOf(flood);
  await until(() => app.stats().openStreams === 0, 'the flooded session released');
  assert.equal(logged, []);
  await stillServes();
});

test('10,000 messages at once: over the rate, 1008; within it, each answered in linear time', async () => {
  const burst = (await openSocket(`ws://127.0.0.1:${ratedPort}/streams/echo`)) as WebSocket;
  const end = closed(burst);
  const started = performance.now();
  for (let n = 0; n < 10_000; n++) burst.send('{"text":"x","n":1}');
  assert.is((await end).code, 1008);
  // Reading was paused by the burst: unless it resumes to read the close frame, ws holds the socket 30 s.
  assert.ok(performance.now() - started < 5000, `the closing handshake took ${(performance.now() - started).toFixed(0)} ms`);
  const echoAll = async (count: number) => {
    const socket = (await openSocket(`ws://127.0.0.1:${port}/streams/echo`)) as WebSocket;
    let answered = 0;
    const all = new Promise<void>((resolve) => socket.on('message', () => ++answered === count && resolve()));
    for (let n = 0; n < count; n++) socket.send('{"text":"x","n":1}');
    await all;
    socket.close();
  };
  const verdict = scalesLinearly(await medianMs(() => echoAll(1000)), await medianMs(() => echoAll(10_000)), 150);
  assert.ok(verdict.ok, verdict.message);
  await stillServes();
});

test('a Last-Event-ID of 1 MiB is the 431 of any oversized head; one of garbage reaches the handler as written', async () => {
  const huge = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(`GET /streams/ticks?count=2 HTTP/1.1\r\nHost: a\r\nLast-Event-ID: ${'x'.repeat(1024 * 1024)}\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk)).on('close', () => resolve(answer)).on('error', () => undefined);
  });
  assert.match(huge, /^HTTP\/1\.1 431 /, 'refused before any stream opens');
  // Through the web adapter (no header limit of its own) it reaches the handler, as any header does.
  const direct = await app.fetch(new Request('http://a/streams/ticks?count=2', { headers: { 'last-event-id': 'x'.repeat(1024 * 1024) } }));
  assert.equal([direct.status, await direct.text()], [200, '']);
  const garbage = await fetch(`http://127.0.0.1:${port}/streams/ticks?count=2`, { headers: { 'last-event-id': '\u00ff%00 <script>' } });
  // The fixture numbers events after Number(Last-Event-ID): garbage is NaN, so no event follows.
  assert.equal([garbage.status, await garbage.text()], [200, '']);
  await stillServes();
});

test.after(async () => {
  await app.close();
  await rated.close();
});
test.run();
