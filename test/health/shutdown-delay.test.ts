/**
 * The shutdown sequence a load balancer needs, black-box: with `shutdownDelayMs`, `close()` turns
 * readiness down at once (HTTP 503 on new connections, gRPC NOT_SERVING to a new Check) and keeps
 * serving every call for the delay, then stops accepting and lets in-flight ones finish. Also: the
 * probe paths are configurable and results are cached (`cacheMs`).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { compileFixture } from '../compile-fixture.js';
import { DelayedAppModule } from './fixtures/app/src/app.module.js';
import { FakeDatabase } from './fixtures/app/src/database.js';
import { Gate } from './fixtures/app/src/work.controller.js';
import { check, healthClient, waitFor } from './fixtures/health-client.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url), 'DelayedAppModule', 'generated-delayed');
const silent = { error: () => undefined, warn: () => undefined, log: () => undefined };

async function start() {
  const app = new FrameworkApplication(tables, { logger: silent });
  const grpc = new GrpcServer(app);
  await app.init(DelayedAppModule);
  const url = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  return { app, url, grpcPort: await grpc.listen(0, undefined, '127.0.0.1') };
}

const test = suite('health: shutdown delay, paths, cache');

test('the configured paths answer; the default ones are ordinary 404s', async () => {
  const { app, url } = await start();
  try {
    assert.is((await fetch(`${url}/probe/alive`)).status, 200);
    assert.equal(await (await fetch(`${url}/probe/ready`)).json(), { status: 'up', checks: { database: { status: 'up' } } });
    assert.is((await fetch(`${url}/health/ready`)).status, 404);
  } finally {
    await app.close();
  }
});

test('cacheMs: a result is reused, so probes do not reach the dependency more often', async () => {
  const { app, url } = await start();
  try {
    const database = app.get<FakeDatabase>(FakeDatabase);
    for (let i = 0; i < 10; i++) assert.is((await fetch(`${url}/probe/ready`)).status, 200);
    assert.is(database.pings, 1, 'one ping in the 60 s cache window (the one at start)');
  } finally {
    await app.close();
  }
});

test('close(): readiness down at once, every call still served during shutdownDelayMs, then in-flight ones finish', async () => {
  const { app, url, grpcPort } = await start();
  const gate = app.get<Gate>(Gate);
  const health = healthClient(grpcPort);
  assert.is(await check(health), 'SERVING');
  const inFlight = fetch(`${url}/work/slow`);
  await waitFor(() => gate.entered === 1, 'the request to reach its handler');
  const started = performance.now();
  let closed = false;
  const closing = app.close().then(() => (closed = true));

  // Fresh connections, as a prober or load balancer makes them.
  const ready = await fetch(`${url}/probe/ready`, { headers: { connection: 'close' } });
  assert.is(ready.status, 503);
  assert.equal(await ready.json(), { status: 'down', reason: 'shutting down', checks: {} });
  assert.is(await check(health), 'NOT_SERVING');
  assert.is((await fetch(`${url}/probe/alive`, { headers: { connection: 'close' } })).status, 200, 'still alive');
  const fast = await fetch(`${url}/work/fast`, { headers: { connection: 'close' } });
  assert.is(fast.status, 200, 'new calls are still served during the delay');
  assert.not.ok(closed);

  // Then accepting ends (polled: timers run late on a busy machine), never before the delay is over.
  let refusedAfter = 0;
  while (refusedAfter === 0) {
    await fetch(`${url}/work/fast`, { headers: { connection: 'close' } }).then(
      () => new Promise((r) => setTimeout(r, 25)),
      () => (refusedAfter = performance.now() - started),
    );
    if (performance.now() - started > 10_000) assert.unreachable('the server still accepted 10 s after close() began');
  }
  assert.ok(refusedAfter >= 600, `new connections refused ${refusedAfter.toFixed(0)} ms after close() began (delay 600 ms)`);
  gate.open();
  assert.is((await inFlight).status, 200, 'the request in flight still finished');
  await closing;
  assert.ok(performance.now() - started >= 600, 'close() took the delay');
  health.close();
});

test.run();
