/**
 * A `@Ws()` handler without `@Messages()` (a feed) whose client sends messages anyway (a keep-alive
 * of its own, every 30 s in many browser apps): nobody will read them, so they must be dropped and
 * reading go on. Queued instead, 32 of them stop the socket's reading, and the socket then reads
 * neither the client's close frame nor its pongs (closed 30 s later by `ws`, or dropped as
 * unanswering at the next ping).
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type WebSocket from 'ws';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { closed, openSocket, until } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const app = await new FrameworkApplication(tables).init(AppModule);
const port = await app.listen(0, '127.0.0.1');

test('a handler without @Messages(): 40 messages from the client, then its close is read at once', async () => {
  const socket = (await openSocket(`ws://127.0.0.1:${port}/streams/quiet-feed`)) as WebSocket;
  for (let n = 0; n < 40; n++) socket.send(JSON.stringify({ text: `keep-alive ${n}`, n }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const end = closed(socket);
  const started = Date.now();
  socket.close(1000, 'bye');
  assert.is((await end).code, 1000);
  assert.ok(Date.now() - started < 2000, `the close handshake took ${Date.now() - started} ms`);
  await until(() => app.stats().openStreams === 0, 'the session to end');
});

test.after(() => app.close());
test.run();
