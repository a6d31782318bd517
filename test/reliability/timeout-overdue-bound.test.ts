// Handlers that outlive their TimeoutInterceptor deadline are bounded: 1,000 timed-out requests
// left about 480 handlers running with nothing to stop more from piling up. Past `maxOverdue`
// handlers still running, new calls are refused at once with 503 until some finish.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TimeoutInterceptor, type ApplicationTables } from '@framework/core';
import { compileFixture } from '../compile-fixture.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../chain/fixtures/app/', import.meta.url));
const route = tables.routes.find((r) => r.name === 'ChainController.slow')!;
const controller = tables.providers[route.controller]!.useClass!;
const context = { getRoute: () => route, getClass: () => controller, abort: () => undefined } as unknown as Parameters<TimeoutInterceptor['intercept']>[0];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('1,000 calls over one second whose handlers ignore their 50 ms deadline: few are started, the rest refused at once; calls run again once they finish', async () => {
  const interceptor = new TimeoutInterceptor({ maxOverdue: 20 });
  let started = 0;
  let running = 0;
  let mostRunning = 0;
  const stubborn = () => {
    started++;
    mostRunning = Math.max(mostRunning, ++running);
    return sleep(1500).then(() => void running--);
  };
  const statuses: Promise<number>[] = [];
  for (let batch = 0; batch < 100; batch++) {
    for (let i = 0; i < 10; i++) {
      statuses.push(interceptor.intercept(context, stubborn).then(() => 200, (error: { status: number; message: string }) => (error.message.startsWith('Too many') ? 0 : error.status)));
    }
    await sleep(10);
  }
  const answers = await Promise.all(statuses);
  // Before the bound every call started a handler (1,000 running at once); now only those that
  // arrived before 20 were overdue (the calls of about one deadline) are started.
  assert.ok(started < 250, `${started} handlers started`);
  assert.ok(mostRunning < 250, `${mostRunning} handlers running at once`);
  assert.is(answers.filter((s) => s === 503).length, started, 'every started one timed out (503)');
  assert.is(answers.filter((s) => s === 0).length, 1000 - started, 'the others were refused at once');
  await sleep(1600);
  assert.is(interceptor.overdue, 0);
  assert.is(await interceptor.intercept(context, () => Promise.resolve('fine')), 'fine', 'calls run again');
});

test('maxOverdue must be a positive integer', () => {
  assert.throws(() => new TimeoutInterceptor({ maxOverdue: 0 }), /maxOverdue` must be a positive integer, got 0/);
});

test.run();
