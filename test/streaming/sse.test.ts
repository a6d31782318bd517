/**
 * `@Sse()` routes of a fixture app over real sockets (fetch, node:http) and in process
 * (`t.events`): the event format, the chain once per stream, failures mid-stream, the client
 * leaving, a reader that stops reading, and a thousand streams at once.
 */
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { Test } from '@framework/testing';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { KeyGuard } from './fixtures/app/src/key.guard.js';
import { observed } from './fixtures/app/src/streams.controller.js';
import { until, untilStalled } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const logged: unknown[][] = [];
const logger: Logger = { error: (...args) => void logged.push(args), warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, { logger }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${port}`;

test('bare values are events of data alone; sseEvent adds event, id and retry; the stream ends when the generator does', async () => {
  const plain = await fetch(`${base}/streams/plain`);
  assert.is(plain.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.is(await plain.text(), 'data: {"n":1}\n\ndata: {"n":2}\n\n');
  const ticks = await fetch(`${base}/streams/ticks?count=2&retry=1500`);
  assert.is(await ticks.text(), 'event: tick\nid: 1\nretry: 1500\ndata: {"n":1}\n\nevent: tick\nid: 2\nretry: 1500\ndata: {"n":2}\n\n');
});

test('Last-Event-ID reaches the handler', async () => {
  const text = await (await fetch(`${base}/streams/ticks?count=7`, { headers: { 'last-event-id': '5' } })).text();
  assert.equal([...text.matchAll(/id: (\d+)/g)].map((m) => m[1]), ['6', '7']);
});

test('guards run once per stream, before the first byte: a refusal is an ordinary 403', async () => {
  const before = KeyGuard.runs;
  const refused = await fetch(`${base}/streams/guarded`);
  assert.is(refused.status, 403);
  assert.match(refused.headers.get('content-type') ?? '', 'application/json');
  const allowed = await fetch(`${base}/streams/guarded`, { headers: { 'x-key': 'open-sesame' } });
  assert.is((await allowed.text()).split('\n\n').filter(Boolean).length, 3);
  assert.is(KeyGuard.runs - before, 2);
});

test('an error mid-stream ends it with an exception event: an HttpException\'s own body, else a logged 500 without details', async () => {
  const http = await (await fetch(`${base}/streams/fail?how=http`)).text();
  assert.is(http, 'data: {"n":1}\n\nevent: exception\ndata: {"status":403,"name":"HttpException","message":"no more for you"}\n\n');
  const count = logged.length;
  const other = await (await fetch(`${base}/streams/fail`)).text();
  assert.is(other, 'data: {"n":1}\n\nevent: exception\ndata: {"status":500,"name":"InternalServerErrorException","message":"Internal server error"}\n\n');
  assert.is(logged.length, count + 1);
  assert.match(String(logged.at(-1)![0]), 'StreamsController.fail');
  assert.not.match(other, 'database exploded');
});

test('a client leaving mid-stream aborts context.signal and closes the generator (its finally runs)', async () => {
  const finished = observed.finished;
  const controller = new AbortController();
  const response = await fetch(`${base}/streams/ticks?every=5`, { signal: controller.signal });
  const reader = response.body!.getReader();
  await reader.read();
  assert.is(app.stats().openStreams, 1);
  controller.abort();
  await until(() => observed.finished === finished + 1 && app.stats().openStreams === 0, 'the generator to close');
});

test('a reader that stops reading pauses the generator once the socket buffers are full (no unbounded buffer)', async () => {
  const finished = observed.finished;
  const response = await new Promise<IncomingMessage>((resolve) => httpRequest(`${base}/streams/ticks`, resolve).end());
  response.pause();
  // The kernel's socket buffers take megabytes first; then the generator must stop being pulled.
  const sample = await untilStalled(() => observed.produced, 'the generator to stop being pulled');
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.is(observed.produced, sample, 'nothing more is produced while nobody reads');
  response.destroy();
  await until(() => observed.finished === finished + 1 && app.stats().openStreams === 0, 'the generator to close');
});

test('an upgrade request to an event stream is a 400, and opens no stream (it could never be answered otherwise)', async () => {
  const started = observed.started;
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET /streams/ticks HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: Upgrade\r\nupgrade: websocket\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.once('close', () => resolve(text));
    socket.once('error', reject);
  });
  assert.match(answer, /^HTTP\/1\.1 400 /);
  assert.match(answer, 'is an event stream');
  assert.is(observed.started, started);
  assert.is(app.stats().openStreams, 0);
});

test('1,000 concurrent streams: each gets its events, and all are closed and released when the clients leave', async () => {
  const finished = observed.finished;
  const controllers = Array.from({ length: 1000 }, () => new AbortController());
  const responses: Response[] = [];
  // In batches: a thousand connects at once would overflow the listen backlog (511 by default).
  for (let i = 0; i < controllers.length; i += 100) {
    responses.push(...(await Promise.all(controllers.slice(i, i + 100).map((c) => fetch(`${base}/streams/ticks?every=1000`, { signal: c.signal })))));
  }
  assert.ok(responses.every((r) => r.status === 200));
  await until(() => app.stats().openStreams === 1000, '1,000 open streams', 10_000);
  const firsts = await Promise.all(responses.map(async (r) => new TextDecoder().decode((await r.body!.getReader().read()).value)));
  assert.ok(firsts.every((text) => text.startsWith('event: tick\nid: 1\n')));
  for (const c of controllers) c.abort();
  await until(() => app.stats().openStreams === 0 && observed.finished === finished + 1000, 'every stream to close', 10_000);
});

test('@framework/testing reads a stream in process (t.events), and a refusal as an error naming the status', async () => {
  const t = await Test.createTestingModule(tables).compile();
  const events = [];
  for await (const event of t.events<{ n: number }>('/streams/ticks?count=3')) events.push(event);
  assert.equal(events, [1, 2, 3].map((n) => ({ event: 'tick', id: String(n), data: { n } })));
  try {
    for await (const _ of t.events('/streams/guarded')) assert.unreachable('a refused stream yields nothing');
    assert.unreachable('a refused stream throws');
  } catch (error) {
    assert.match((error as Error).message, '403');
  }
  await t.close();
});

test.after(() => app.close());
test.run();
