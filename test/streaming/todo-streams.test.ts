/**
 * The example's streams with real clients over real sockets: `GET /todo/events` read with fetch
 * and with the generated typed client, `/todo/ws` with the `ws` client. Guards run before the
 * first byte; reconnecting with Last-Event-ID resumes; a client leaving mid-stream closes the
 * handler; a message breaking CreateTodoDto's rules closes the socket with 1007; close() ends
 * every stream. The limits and failure paths in general: `sse.test.ts`, `websocket.test.ts`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { closeFor, closed, nextMessage, openSocket, until } from './helpers.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

const { bootstrap, LIMITS } = await import('../../examples/todo/src/bootstrap.js');
const { createClient } = await import('../../generated/todo/client.js');
const { app } = await bootstrap({ streaming: { ...LIMITS.streaming, heartbeatMs: 200 } });
const port = await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${port}`;
const wsBase = `ws://127.0.0.1:${port}`;

const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
const token = ((await login.json()) as { access_token: string }).access_token;
const auth = { authorization: `Bearer ${token}` };
const api = createClient({ baseUrl: base, token });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const create = (name: string) => api.todo.create({ name, priority: 1, colorLabel: '#ffffff' });

/** Reads raw event-stream text from a fetch response until `count` events (blank-line ends) arrived. */
async function readEvents(response: Response, count: number): Promise<{ text: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.split('\n\n').filter((block) => block.includes('data:')).length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return { text, reader };
}

test('GET /todo/events without a token is refused with 403 before any stream opens', async () => {
  const response = await fetch(`${base}/todo/events`);
  assert.is(response.status, 403);
  assert.match(response.headers.get('content-type') ?? '', 'application/json');
  assert.is(app.stats().openStreams, 0);
});

test('GET /todo/events streams created, updated and deleted todos as named events with ids, and heartbeats', async () => {
  const response = await fetch(`${base}/todo/events`, { headers: auth });
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.is(response.headers.get('cache-control'), 'no-cache');
  await until(() => app.stats().openStreams === 1, 'the stream to open');
  const todo = await create('streamed');
  await api.todo.update(todo.id, { done: true });
  await api.todo.remove(todo.id);
  await sleep(300); // a heartbeat comes after 200 ms without an event
  const { text, reader } = await readEvents(response, 3);
  const events = text.split('\n\n').filter((block) => block.includes('data:'));
  assert.equal(events.map((block) => /event: (\w+)/.exec(block)?.[1]), ['created', 'updated', 'deleted']);
  const data = events.map((block) => JSON.parse(/data: (.*)/.exec(block)![1]!) as { sequence: number; todo: { id: string; done: boolean } });
  assert.equal(data.map((d) => d.todo.id), [todo.id, todo.id, todo.id]);
  assert.equal(data[1]!.todo.done, true);
  assert.equal(events.map((block) => /id: (\d+)/.exec(block)?.[1]), data.map((d) => String(d.sequence)));
  await reader.cancel();
  await until(() => app.stats().openStreams === 0, 'the handler to close after the client left');
});

test('a heartbeat comment keeps a quiet stream alive', async () => {
  const response = await fetch(`${base}/todo/events`, { headers: auth });
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  assert.is(new TextDecoder().decode(value), ':\n\n');
  await reader.cancel();
  await until(() => app.stats().openStreams === 0, 'the stream to close');
});

test('the typed client reads typed events; reconnecting with Last-Event-ID first replays the changes missed since that event', async () => {
  const first = await create('before the drop');
  const missed = await create('while away');
  const seen: { event: string; id?: string; data: { todo: { id: string } } }[] = [];
  for await (const event of api.todo.events({ headers: { 'last-event-id': '0' } })) {
    seen.push(event);
    if (event.data.todo.id === missed.id) break;
  }
  const firstEvent = seen.find((e) => e.data.todo.id === first.id && e.event === 'created')!;
  assert.ok(firstEvent.id, 'events carry their sequence as id');
  const resumed: string[] = [];
  for await (const event of api.todo.events({ headers: { 'last-event-id': firstEvent.id! } })) {
    resumed.push(`${event.event} ${event.data.todo.id}`);
    if (event.data.todo.id === missed.id) break;
  }
  assert.equal(resumed, [`created ${missed.id}`]);
  await until(() => app.stats().openStreams === 0, 'the typed client to close its streams on break');
});

test('a burst of 50 changes reaches the stream whole', async () => {
  const response = await fetch(`${base}/todo/events`, { headers: auth });
  await until(() => app.stats().openStreams === 1, 'the stream to open');
  for (let i = 0; i < 50; i++) await create(`burst ${i}`);
  const { text, reader } = await readEvents(response, 50);
  assert.is(text.split('\n\n').filter((block) => block.includes('event: created')).length >= 50, true);
  await reader.cancel();
  await until(() => app.stats().openStreams === 0, 'the stream to close');
});

test('/todo/ws refuses an upgrade without a token with 403, and a plain GET with 426', async () => {
  assert.is(await openSocket(`${wsBase}/todo/ws`), 403);
  const plain = await fetch(`${base}/todo/ws`, { headers: auth });
  assert.is(plain.status, 426);
  assert.is(app.stats().openStreams, 0);
});

test('/todo/ws creates a todo per validated message and sends every change, the token in the Authorization header', async () => {
  const socket = (await openSocket(`${wsBase}/todo/ws`, { headers: auth })) as WebSocket;
  const message = nextMessage(socket);
  socket.send(JSON.stringify({ name: 'from the socket', priority: 2, colorLabel: '#00ff00' }));
  const change = (await message) as { kind: string; todo: { title: string; priority: number } };
  assert.is(change.kind, 'created');
  assert.is(change.todo.title, 'from the socket');
  // A change made elsewhere reaches the socket too.
  const other = nextMessage(socket);
  const todo = await create('made over HTTP');
  assert.equal(((await other) as { todo: { id: string } }).todo.id, todo.id);
  const end = closed(socket);
  socket.close(1000);
  assert.is((await end).code, 1000);
  await until(() => app.stats().openStreams === 0, 'the session to end');
});

test('a browser-style client sends the token as the subprotocols bearer, <token>; the server answers bearer', async () => {
  const socket = (await openSocket(`${wsBase}/todo/ws`, {}, ['bearer', token])) as WebSocket;
  assert.is(socket.protocol, 'bearer');
  socket.close();
  await until(() => app.stats().openStreams === 0, 'the session to end');
});

for (const [what, send, code, reason] of [
  ['a message breaking the DTO rules', JSON.stringify({ name: 'x', priority: 'high', colorLabel: '#fff' }), 1007, 'priority'],
  ['a message that is not JSON', '{not json', 1007, 'not JSON'],
  ['a message over the example\'s 4 KiB', JSON.stringify({ name: 'x'.repeat(5000), priority: 1, colorLabel: '#fff' }), 1009, ''],
] as const) {
  test(`${what} closes the socket with ${code}`, async () => {
    const result = await closeFor(`${wsBase}/todo/ws`, { headers: auth }, send);
    assert.is(result.code, code);
    assert.match(result.reason, reason);
    await until(() => app.stats().openStreams === 0, 'the session to end');
  });
}

test('close() ends every open event stream and closes every socket with 1001, and counts them', async () => {
  const response = await fetch(`${base}/todo/events`, { headers: auth });
  const socket = (await openSocket(`${wsBase}/todo/ws`, { headers: auth })) as WebSocket;
  const end = closed(socket);
  await until(() => app.stats().openStreams === 2, 'both streams to open');
  const before = app.stats().streamsClosedAtShutdown;
  const started = Date.now();
  await app.close();
  assert.ok(Date.now() - started < 2000, 'close() did not wait for the grace period');
  assert.is((await end).code, 1001);
  const reader = response.body!.getReader();
  for (;;) if ((await reader.read()).done) break; // the body ends cleanly
  assert.is(app.stats().streamsClosedAtShutdown - before, 2);
  assert.is(app.stats().openStreams, 0);
});

test.run();
