/**
 * A `@Ws()` handler that leaves its `@Messages()` loop early while a burst had paused the socket's
 * reading: the messages it will never read are dropped, and reading must go on, or the socket
 * reads neither the client's close frame nor its pongs (it would be closed 30 s later by `ws`, or
 * dropped as unanswering at the next ping).
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type WebSocket from 'ws';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { closed, nextMessage, openSocket, until } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const app = await new FrameworkApplication(tables).init(AppModule);
const port = await app.listen(0, '127.0.0.1');

test('after the loop is left with 40 messages waiting, the client\'s close is read at once', async () => {
  const socket = (await openSocket(`ws://127.0.0.1:${port}/streams/first-only`)) as WebSocket;
  const first = nextMessage(socket);
  for (let n = 0; n < 40; n++) socket.send(JSON.stringify({ text: `m${n}`, n }));
  assert.equal(await first, { text: 'm0', n: 0 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const end = closed(socket);
  const started = Date.now();
  socket.close(1000, 'bye');
  assert.is((await end).code, 1000);
  assert.ok(Date.now() - started < 2000, `the close handshake took ${Date.now() - started} ms`);
  await until(() => app.stats().openStreams === 0, 'the session to end');
});

test.after(() => app.close());
test.run();
