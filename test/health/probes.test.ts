/**
 * Health and readiness from one state, black-box: a compiled application with a DI-created
 * indicator and a hand-made one, on real HTTP and a real grpc-js health client. Ready → an
 * indicator fails → 503 / NOT_SERVING naming it → recovers; a hung indicator is timed out and
 * never checked twice at once; readiness goes down the moment close() begins while in-flight
 * requests still finish.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { FakeDatabase } from './fixtures/app/src/database.js';
import { Gate } from './fixtures/app/src/work.controller.js';
import { check, healthClient, watch, waitFor, type HealthClient } from './fixtures/health-client.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));

interface Running {
  readonly app: FrameworkApplication;
  readonly url: string;
  readonly health: HealthClient;
  readonly database: FakeDatabase;
  readonly logged: { warn: string[]; log: string[] };
  stop(): Promise<void>;
}

async function start(): Promise<Running> {
  const logged = { warn: [] as string[], log: [] as string[] };
  const logger: Logger = { error: () => undefined, warn: (m) => logged.warn.push(m), log: (m) => logged.log.push(m) };
  const app = new FrameworkApplication(tables, { logger });
  const grpc = new GrpcServer(app);
  await app.init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  const health = healthClient(await grpc.listen(0, undefined, '127.0.0.1'));
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    health,
    database: app.get<FakeDatabase>(FakeDatabase),
    logged,
    stop: async () => {
      health.close();
      await app.close();
    },
  };
}

async function probe(url: string): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), text, headers: response.headers };
}

const test = suite('health probes');

test('ready: liveness and readiness 200 with every indicator by name; gRPC SERVING for the server', async () => {
  const app = await start();
  try {
    const ready = await probe(`${app.url}/health/ready`);
    assert.is(ready.status, 200);
    assert.equal(ready.body, { status: 'up', checks: { database: { status: 'up' }, 'feature-flags': { status: 'up' } } });
    assert.is(ready.headers.get('cache-control'), 'no-store');
    assert.is(ready.headers.get('content-type'), 'application/json');
    const live = await probe(`${app.url}/health/live`);
    assert.equal([live.status, live.body], [200, { status: 'up', checks: {} }]);
    assert.is(await check(app.health), 'SERVING');
    assert.is((await fetch(`${app.url}/health/ready`, { method: 'HEAD' })).status, 200);
  } finally {
    await app.stop();
  }
});

test('an indicator fails: 503 naming it, gRPC NOT_SERVING, watchers told, the error logged once and never answered; then it recovers', async () => {
  const app = await start();
  try {
    const watching = watch(app.health);
    await waitFor(() => watching.statuses.length === 1, 'the first Watch answer');
    app.database.mode = 'down';
    for (let i = 0; i < 3; i++) {
      const down = await probe(`${app.url}/health/ready`);
      assert.is(down.status, 503);
      assert.equal(down.body, { status: 'down', checks: { database: { status: 'down', reason: 'failed' }, 'feature-flags': { status: 'up' } } });
      assert.not.match(down.text, 'secret detail');
    }
    assert.is(await check(app.health), 'NOT_SERVING');
    assert.is((await probe(`${app.url}/health/live`)).status, 200, 'liveness does not depend on the indicators');
    const healthWarnings = app.logged.warn.filter((line) => line.startsWith('health:'));
    assert.is(healthWarnings.length, 1, 'one line per transition, not per probe');
    assert.match(healthWarnings[0]!, "health: 'database' is down (failed): connection refused by db.internal:5432 (secret detail)");

    app.database.mode = 'up';
    assert.is((await probe(`${app.url}/health/ready`)).status, 200);
    assert.is(await check(app.health), 'SERVING');
    assert.equal(watching.statuses, ['SERVING', 'NOT_SERVING', 'SERVING']);
    assert.match(app.logged.log.join('\n'), "health: 'database' is up again");
    watching.cancel();
  } finally {
    await app.stop();
  }
});

test("lastResults(): each indicator's last result and when it was recorded, read without running a check", async () => {
  const app = await start();
  try {
    const before = Date.now();
    app.database.mode = 'down';
    assert.is((await probe(`${app.url}/health/ready`)).status, 503);
    const pings = app.database.pings;
    const results = app.app.health.lastResults();
    for (let i = 0; i < 5; i++) app.app.health.lastResults();
    assert.is(app.database.pings, pings, 'reading the last results pings nothing');
    assert.equal(results.map((r) => [r.name, r.result?.status, r.result?.reason]), [['database', 'down', 'failed'], ['feature-flags', 'up', undefined]]);
    const at = results[0]!.result!.atMs;
    assert.ok(at >= before - 50 && at <= Date.now() + 50, `recorded at ${at}, between ${before} and now`);
    assert.is(app.app.health.ready, false);
  } finally {
    await app.stop();
  }
});

test('an open Watch hears a change nobody probed for', async () => {
  const app = await start();
  try {
    const watching = watch(app.health, '');
    await waitFor(() => watching.statuses.length === 1, 'the first Watch answer');
    app.database.mode = 'down';
    await waitFor(() => watching.statuses.at(-1) === 'NOT_SERVING', 'the Watch to be told NOT_SERVING');
    app.database.mode = 'up';
    await waitFor(() => watching.statuses.at(-1) === 'SERVING', 'the Watch to be told SERVING');
    watching.cancel();
  } finally {
    await app.stop();
  }
});

test('a hung indicator is timed out, its signal aborted, and never checked a second time while the first check hangs', async () => {
  const app = await start();
  try {
    app.database.mode = 'hang';
    const pingsBefore = app.database.pings;
    // Without the timeout these would wait for the hung ping forever: fail after 10 s instead of hanging.
    const tooLong = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the probes waited for the hung check')), 10_000).unref());
    const answers = await Promise.race([
      Promise.all([...Array.from({ length: 20 }, () => probe(`${app.url}/health/ready`)), ...Array.from({ length: 5 }, () => check(app.health))]),
      tooLong,
    ]);
    for (const answer of answers.slice(0, 20) as { status: number; body: unknown }[]) {
      assert.equal([answer.status, answer.body], [503, { status: 'down', checks: { database: { status: 'down', reason: 'timed out' }, 'feature-flags': { status: 'up' } } }]);
    }
    assert.equal(answers.slice(20), Array(5).fill('NOT_SERVING'));
    assert.is(app.database.aborted, 1, 'the check was told to give up');
    // Later probes, while the first check still hangs, are answered timed out without another ping.
    const later = await probe(`${app.url}/health/ready`);
    assert.equal([later.status, (later.body as { checks: object }).checks], [503, { database: { status: 'down', reason: 'timed out' }, 'feature-flags': { status: 'up' } }]);
    assert.is(app.database.pings - pingsBefore, 1, 'one ping for every probe together');
    assert.match(app.logged.warn.join('\n'), "health: 'database' is down (timed out): did not answer within 200 ms");

    app.database.release();
    assert.is((await probe(`${app.url}/health/ready`)).status, 200);
  } finally {
    await app.stop();
  }
});

test('close() begins: readiness 503 and NOT_SERVING at once, while the request already in flight finishes', async () => {
  const app = await start();
  const gate = app.app.get<Gate>(Gate);
  const watching = watch(app.health, '');
  await waitFor(() => watching.statuses.length === 1, 'the first Watch answer');
  const inFlight = fetch(`${app.url}/work/slow`);
  await waitFor(() => gate.entered === 1, 'the request to reach its handler');
  const closing = app.app.close();
  await waitFor(() => watching.statuses.at(-1) === 'NOT_SERVING', 'the Watch to be told NOT_SERVING');
  assert.equal(await app.app.health.readiness(), { status: 'down', reason: 'shutting down', checks: {} });
  gate.open();
  const answer = await inFlight;
  assert.is(answer.status, 200);
  assert.equal(await answer.json(), { done: true });
  await closing;
  app.health.close();
  assert.equal(watching.statuses, ['SERVING', 'NOT_SERVING']);
});

test.run();
