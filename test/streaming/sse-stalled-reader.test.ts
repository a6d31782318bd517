/**
 * An event stream whose client stopped reading: the generator is paused (back-pressure), and the
 * heartbeats stop too, so the memory the stream holds stays bounded however long the client
 * stalls. Measured after full collections, on a heartbeat every millisecond (a day of the default
 * 15 s heartbeat in six seconds).
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
import { until, untilStalled } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
/** The JavaScript heap and the buffers outside it, after a full collection. */
const held = (): number => {
  collect();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

const app = await new FrameworkApplication(tables, { streaming: { heartbeatMs: 1 } }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');

test('a client that stops reading: no heartbeat is queued while it stalls (memory held stays flat)', async () => {
  const { finished } = observed;
  const socket = connect(port, '127.0.0.1', () => socket.write('GET /streams/ticks HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'));
  socket.pause();
  await untilStalled(() => observed.produced, 'the generator to stop being pulled');
  const before = held();
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const grown = held() - before;
  // About 200 bytes a queued heartbeat: 1 MiB and more in six seconds when they are written.
  assert.ok(grown < 128 * 1024, `memory held grew by ${Math.round(grown / 1024)} KiB while the client stalled`);
  socket.destroy();
  await until(() => observed.finished === finished + 1 && app.stats().openStreams === 0, 'the generator to close');
});

test.after(() => app.close());
test.run();
