/**
 * A compressed event stream (`compression: { eventStreams: true }`) keeps the back-pressure of a
 * plain one: a generator that yields without waiting on anything (a backlog replayed from memory)
 * must stop being pulled once the compressor and the socket hold enough for a client that does
 * not read, not have every event queued in front of the compressor (and an endless one run the
 * process out of memory without ever letting the event loop turn).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { connect } from 'node:net';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { observed } from './fixtures/app/src/streams.controller.js';
import { until } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
/** The JavaScript heap and the buffers outside it, after a full collection. */
const held = (): number => {
  collect();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

const app = await new FrameworkApplication(tables, { compression: { eventStreams: true } }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');

test('a gzip event stream of 100,000 events to a client that does not read: memory held stays bounded', async () => {
  // Loads the compressors first (a stream opened before they are loaded is sent as it is).
  const warm = await fetch(`http://127.0.0.1:${port}/streams/plain`, { headers: { 'accept-encoding': 'gzip' } });
  assert.is(warm.headers.get('content-encoding'), 'gzip');
  await warm.text();
  const { produced, finished } = observed;
  const before = held();
  const socket = connect(port, '127.0.0.1', () => socket.write('GET /streams/ticks?count=100000 HTTP/1.1\r\nhost: 127.0.0.1\r\naccept-encoding: gzip\r\n\r\n'));
  socket.pause();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const grown = held() - before;
  // Queued whole, the events take about 25 MiB; the kernel's socket buffers hold what was sent.
  assert.ok(grown < 8 * 1024 * 1024, `memory held grew by ${(grown / 1048576).toFixed(1)} MiB (${observed.produced - produced} events pulled)`);
  socket.destroy();
  await until(() => observed.finished === finished + 1 && app.stats().openStreams === 0, 'the generator to close');
});

test.after(() => app.close());
test.run();
