/**
 * `app.close()` with an event stream whose client stopped reading: the stream is ended at once,
 * but its last bytes cannot be written, so its connection is cut once its client takes nothing for
 * a short grace (as a socket's is after its 1001), not held for the whole `shutdownTimeoutMs`. A
 * client that reads, even one that resumes only after the close began, gets the stream's end.
 *
 * Deterministic: the close starts only once the server's own socket of the stream holds bytes the
 * kernel refused (`writableLength` past its high-water mark) and has held them unchanged for two
 * looks, seen through Node's `net.server.socket` diagnostics channel; the bound on the close (5 s)
 * is far from both the grace (250 ms) and `shutdownTimeoutMs` (20 s).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { get, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { serverEvents } from '@framework/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { observed } from './fixtures/app/src/streams.controller.js';
import { until } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));

const SHUTDOWN_TIMEOUT_MS = 20_000;
const CLOSE_BOUND_MS = 5_000;

/** The server's sockets by the client's port, as the server accepts them. */
const serverSockets = new Map<number, Socket>();
const onServerSocket = (message: unknown): void => {
  const { socket } = message as { socket: Socket };
  if (socket.remotePort !== undefined) serverSockets.set(socket.remotePort, socket);
};
subscribe('net.server.socket', onServerSocket);

async function started(): Promise<{ app: FrameworkApplication; port: number }> {
  const app = await new FrameworkApplication(tables, { shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS }).init(AppModule);
  return { app, port: await app.listen(0, '127.0.0.1') };
}

/** The server's end of a client's connection. */
async function serverSocketOf(client: Socket): Promise<Socket> {
  await until(() => client.localPort !== undefined && serverSockets.has(client.localPort), 'the server to accept the connection');
  return serverSockets.get(client.localPort!)!;
}

/** Resolves once `socket` holds bytes the kernel refused (its buffers full: the client is not reading), unchanged over two looks 200 ms apart. */
async function untilBackPressure(socket: Socket): Promise<void> {
  let seen = -1;
  await until(
    () => {
      const held = socket.writableLength;
      const stalled = held >= socket.writableHighWaterMark && held === seen;
      seen = held;
      return stalled;
    },
    'the server socket to hold bytes its client does not take',
    20_000,
    200,
  );
}

/** How long `app.close()` takes, in ms. */
async function timedClose(app: FrameworkApplication): Promise<number> {
  const start = performance.now();
  await app.close();
  return performance.now() - start;
}

test('a client that stopped reading: app.close() cuts its connection after the grace, not after shutdownTimeoutMs', async () => {
  const { app, port } = await started();
  const finished = observed.finished;
  const client = connect(port, '127.0.0.1', () => client.write('GET /streams/bulk HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'));
  client.pause();
  const clientClosed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  client.on('error', () => undefined); // a reset is a cut too
  await untilBackPressure(await serverSocketOf(client));
  const took = await timedClose(app);
  assert.ok(took < CLOSE_BOUND_MS, `app.close() took ${took.toFixed(0)} ms (shutdownTimeoutMs ${SHUTDOWN_TIMEOUT_MS})`);
  assert.is(app.stats().streamsClosedAtShutdown, 1);
  assert.is(observed.finished, finished + 1, 'the generator was closed');
  client.resume(); // what reached the client's buffers is read, then the connection's end
  await clientClosed;
});

test('a client that reads: at app.close() its stream ends cleanly after its last event', async () => {
  const { app, port } = await started();
  const response = await fetch(`http://127.0.0.1:${port}/streams/ticks?every=10`);
  const events = serverEvents(response)[Symbol.asyncIterator]();
  assert.is((await events.next()).done, false);
  const closing = timedClose(app);
  // The body's clean end finishes the iteration; a cut would throw.
  for (let next = await events.next(); !next.done; next = await events.next()) assert.is(next.value.event, 'tick');
  assert.ok((await closing) < CLOSE_BOUND_MS);
});

test('a client stalled when app.close() began that reads on gets every event the handler yielded, and the body\'s end', async () => {
  const { app, port } = await started();
  const produced = observed.produced;
  const response = await new Promise<IncomingMessage>((resolve) => get(`http://127.0.0.1:${port}/streams/bulk`, resolve));
  response.pause(); // Node's client then stops reading its socket
  await untilBackPressure(await serverSocketOf(response.socket));
  const closing = timedClose(app);
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => (text += chunk));
  response.resume();
  const complete = await new Promise<boolean>((resolve) => {
    response.once('end', () => resolve(response.complete));
    response.once('aborted', () => resolve(false));
    response.once('error', () => resolve(false));
  });
  assert.ok(complete, 'the body ended with its last chunk, not cut');
  assert.ok((await closing) < CLOSE_BOUND_MS);
  const numbers = [...text.matchAll(/^data: \{"n":(\d+),/gm)].map((match) => Number(match[1]));
  assert.is(numbers.length, observed.produced - produced, 'every event the handler yielded arrived');
  assert.is(numbers.at(-1), numbers.length, 'whole, in order');
  assert.ok(text.endsWith('"}\n\n'), 'the last event whole');
});

test.after(() => void unsubscribe('net.server.socket', onServerSocket));
test.run();
