/**
 * Messages of a `@Ws()` route whose DTO has an asynchronous check (class-validator's `async`
 * constraints, a database lookup): they reach the handler in the order they were sent whatever
 * each check takes, and while checks are still running the socket stops reading (TCP makes the
 * client wait), as it does when the handler falls behind: a client faster than the checks must
 * not have its messages read into the server's memory without bound.
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type WebSocket from 'ws';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { openSocket, until } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
// The rate limit out of the way: the checks are what the client outruns here.
const app = await new FrameworkApplication(tables, { streaming: { messagesPerSecond: 100_000 } }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');
const url = `ws://127.0.0.1:${port}/streams/slow-check`;

test('messages reach the handler in the order sent, a slow check before a fast one included', async () => {
  const socket = (await openSocket(url)) as WebSocket;
  const echoed: string[] = [];
  socket.on('message', (data) => echoed.push((JSON.parse(String(data)) as { text: string }).text));
  // 60 ms checks each; the fast one comes while the second slow one is still being checked.
  socket.send(JSON.stringify({ text: 'slow-1' }));
  socket.send(JSON.stringify({ text: 'slow-2' }));
  await new Promise((resolve) => setTimeout(resolve, 90));
  socket.send(JSON.stringify({ text: 'fast-3' }));
  await until(() => echoed.length === 3, 'three echoes');
  assert.equal(echoed, ['slow-1', 'slow-2', 'fast-3']);
  socket.terminate();
});

test('a client outrunning the checks is held back by TCP: the server stops reading its messages', async () => {
  const socket = (await openSocket(url)) as WebSocket;
  socket.on('message', () => undefined);
  // 45 MiB of messages whose checks take 20 ms each: 30 seconds of checks.
  const text = 'x'.repeat(30_000);
  for (let i = 0; i < 1500; i++) socket.send(JSON.stringify({ text }));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  // Read whole by the server, nothing would wait on the client's side; the kernel's buffers take a few MiB.
  assert.ok(socket.bufferedAmount > 20 * 1024 * 1024, `the client has only ${(socket.bufferedAmount / 1048576).toFixed(1)} MiB left to send`);
  socket.terminate();
  await until(() => app.stats().openStreams === 0, 'the session to end');
});

test.after(() => app.close());
test.run();
