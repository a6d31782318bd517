// HEAD on event-stream and WebSocket routes: the head the GET would send (after the guards), and no
// generator started, so a HEAD never leaves a producer running after its client left. On the
// Node server and on `app.fetch` alike.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../streaming/fixtures/app/src/app.module.js';
import { observed } from '../streaming/fixtures/app/src/streams.controller.js';
import { exchange } from './fixtures/raw-http.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../streaming/fixtures/app/', import.meta.url), 'AppModule', 'generated-head');

const head = suite<{ app: FrameworkApplication; base: string; port: number; errors: string[] }>('HEAD on stream routes');

head.before(async (context) => {
  context.errors = [];
  const logger: Logger = { error: (message) => void context.errors.push(String(message)), warn: () => undefined, log: () => undefined };
  context.app = await new FrameworkApplication(tables, { logger }).init(AppModule);
  context.port = await context.app.listen(0, '127.0.0.1');
  context.base = `http://127.0.0.1:${context.port}`;
});
head.after(({ app }) => app.close());

head('HEAD on an endless @Sse() route answers the event stream\'s head and starts no generator', async ({ base, errors }) => {
  const started = observed.started;
  const answer = await fetch(`${base}/streams/ticks`, { method: 'HEAD', signal: AbortSignal.timeout(3000) });
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.is(await answer.text(), '');
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.is(observed.started, started, 'the generator never ran');
  assert.equal(errors, []);
});

head('HEAD on a guarded @Sse() route runs the guards: refused without the key, the head with it', async ({ base }) => {
  assert.is((await fetch(`${base}/streams/guarded`, { method: 'HEAD' })).status, 403);
  const allowed = await fetch(`${base}/streams/guarded`, { method: 'HEAD', headers: { 'x-key': 'open-sesame' } });
  assert.is(allowed.status, 200);
  assert.is(allowed.headers.get('content-type'), 'text/event-stream; charset=utf-8');
});

head('300 HEADs over raw sockets leave no generator running and nothing logged; the server keeps answering', async ({ base, port, errors }) => {
  const { started, finished } = observed;
  for (let round = 0; round < 30; round++) {
    await Promise.all(Array.from({ length: 10 }, () => exchange(port, ['HEAD /streams/ticks HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], { timeoutMs: 3000 })));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.is(observed.started - started - (observed.finished - finished), 0, 'generators left running');
  assert.equal(errors, []);
  const probe = await fetch(`${base}/streams/plain`, { signal: AbortSignal.timeout(2000) });
  assert.is(await probe.text(), 'data: {"n":1}\n\ndata: {"n":2}\n\n');
});

head('HEAD on a @Ws() route is refused like a plain GET (426), with or without Upgrade headers', async ({ port }) => {
  const plain = await exchange(port, ['HEAD /streams/echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], { timeoutMs: 3000 });
  assert.is(plain.status, 426);
  const upgrade = await exchange(
    port,
    ['HEAD /streams/echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n'],
    { timeoutMs: 3000 },
  );
  assert.ok(upgrade.status >= 400 && upgrade.status < 500, `got ${upgrade.status}`);
});

head('HEAD on a route answering a streamed Response cancels the stream: no producer left running', async ({ app, port }) => {
  for (let i = 0; i < 5; i++) await exchange(port, ['HEAD /streams/push HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], { timeoutMs: 3000 });
  const answer = await app.fetch(new Request('http://x/streams/push', { method: 'HEAD' }));
  assert.is(answer.status, 200);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.is(observed.pushing, 0, 'producers still running');
});

head('a WebSocket upgrade with two Host headers is refused with 400, as every other request', async ({ port }) => {
  const upgrade = await exchange(
    port,
    ['GET /streams/echo HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n'],
    { timeoutMs: 3000 },
  );
  assert.is(upgrade.status, 400);
});

head('through app.fetch too: the head, no generator, and the guard', async ({ app }) => {
  const started = observed.started;
  const answer = await app.fetch(new Request('http://x/streams/ticks', { method: 'HEAD' }));
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.is(answer.body, null);
  assert.is(observed.started, started);
  assert.is((await app.fetch(new Request('http://x/streams/guarded', { method: 'HEAD' }))).status, 403);
});

head.run();
