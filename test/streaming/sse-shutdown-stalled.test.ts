/**
 * `app.close()` with an event stream whose client stopped reading: the stream is ended at once, but
 * its last bytes can never be written, so its connection must be cut shortly after (as a socket's
 * is, 250 ms after its 1001), not held for the whole `shutdownTimeoutMs` the drain allows.
 */
import { connect } from 'node:net';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { observed } from './fixtures/app/src/streams.controller.js';
import { untilStalled } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const app = await new FrameworkApplication(tables, { shutdownTimeoutMs: 10_000 }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');

test('a stalled event stream does not hold app.close() for its grace period', async () => {
  const { finished } = observed;
  const socket = connect(port, '127.0.0.1', () => socket.write('GET /streams/ticks HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'));
  socket.pause();
  await untilStalled(() => observed.produced, 'the generator to stop being pulled');
  const started = Date.now();
  await app.close();
  const took = Date.now() - started;
  socket.destroy();
  assert.is(observed.finished, finished + 1, 'the generator was closed');
  assert.is(app.stats().streamsClosedAtShutdown, 1);
  assert.ok(took < 2000, `app.close() took ${took} ms`);
});

test.run();
