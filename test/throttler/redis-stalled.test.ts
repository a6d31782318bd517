// Regression: a Redis that stops answering while its connection stays up (paused, a network path
// dropping packets) made every throttled call wait the storage's `timeoutMs` and left one more
// command queued in the client per call, for as long as the stall lasted (memory growing at the
// request rate). Once a hit has timed out, later hits are now answered at once until Redis
// answers again, one hit a second trying it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Redis } from 'ioredis';
import { RedisThrottlerStorage, type Logger, type RedisThrottlerStorageOptions } from '@framework/core';
import { LimitedController } from './fixtures/controllers.js';
import { limitHeaders, startApp } from './fixtures/app.js';
import { startRedis } from './fixtures/redis.js';

const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

/** How many throttler scripts Redis has run (EVAL and EVALSHA), from its own statistics. */
async function scriptCalls(admin: Redis): Promise<number> {
  const stats = await admin.info('commandstats');
  let calls = 0;
  for (const match of stats.matchAll(/^cmdstat_(?:eval|evalsha):calls=(\d+)/gm)) calls += Number(match[1]);
  return calls;
}

async function waitFor(condition: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stalledRun(options: RedisThrottlerStorageOptions, expected: number): Promise<void> {
  const server = await startRedis();
  const redis = new Redis({ port: server.port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
  const admin = new Redis({ port: server.port, host: '127.0.0.1' });
  redis.on('error', () => undefined);
  const app = await startApp({
    throttlers: [{ ttl: 60000, limit: 100 }],
    controllers: [LimitedController],
    storage: new RedisThrottlerStorage(redis, { timeoutMs: 250, logger: quiet, ...options }),
  });
  try {
    assert.is((await app.get('/limited/a')).headers.get('x-ratelimit-remaining'), '99', 'counted while Redis answers');
    const before = await scriptCalls(admin);
    server.pause();
    const times: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      const response = await app.get('/limited/a');
      times.push(performance.now() - start);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    assert.equal(statuses, Array(30).fill(expected));
    assert.ok(times[0]! >= 240, `the first call waited for the timeout (${times[0]!.toFixed(0)} ms)`);
    const slow = times.slice(1).filter((ms) => ms >= 240).length;
    assert.ok(slow <= 2, `after the first timeout, calls do not wait for Redis (${slow} of 29 waited: ${times.map((t) => t.toFixed(0)).join(' ')})`);
    server.resume();
    // What the client sent while Redis was paused, Redis runs now: one hit and the retries, not one per call.
    await waitFor(async () => (await scriptCalls(admin)) > before, 'Redis to run what it was sent');
    await new Promise((r) => setTimeout(r, 100));
    const sent = (await scriptCalls(admin)) - before;
    assert.ok(sent <= 3, `${sent} hits were sent to the paused Redis for 30 calls`);
    // Redis answered: counting resumes.
    await waitFor(async () => (await app.get('/limited/b')).headers.get('x-ratelimit-limit') === '100', 'counting to resume');
    const counted = await app.get('/limited/b');
    assert.equal(limitHeaders(counted).limit, '100');
  } finally {
    await app.close();
    redis.disconnect();
    admin.disconnect();
    await server.stop();
  }
}

test('a paused Redis, failing open: one call waits for the timeout, the others are allowed at once', async () => {
  await stalledRun({ prefix: 'stall-open:' }, 200);
});

test('a paused Redis, failing closed: one call waits for the timeout, the others are refused 503 at once', async () => {
  await stalledRun({ prefix: 'stall-closed:', onError: 'closed' }, 503);
});

test.run();
