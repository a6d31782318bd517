import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { RedisThrottlerStorage, type RedisScriptClient } from '@framework/core';
import { LimitedController } from './fixtures/controllers.js';
import { limitHeaders, startApp } from './fixtures/app.js';
import { startRedis, type RedisProcess } from './fixtures/redis.js';

let server: RedisProcess;
let redis: Redis;

test.before(async () => {
  try {
    server = await startRedis();
  } catch (error) {
    // uvu drops an error thrown by a `before` hook without a word: say why no test can run.
    console.error(`redis-storage: the suite cannot run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    throw error;
  }
  redis = new Redis({ port: server.port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
});
test.after(async () => {
  // Set-up may have failed before either existed: its own error is the one to see.
  (redis as Redis | undefined)?.disconnect();
  await (server as RedisProcess | undefined)?.stop();
});

/** Counts the commands the storage sends, to prove one round trip per hit. */
function counting(client: RedisScriptClient) {
  const calls: string[] = [];
  const wrapped: RedisScriptClient = {
    eval: (...args) => (calls.push('eval'), client.eval(...args)),
    evalsha: (...args) => (calls.push('evalsha'), client.evalsha(...args)),
  };
  return { calls, wrapped };
}

const tick = () => new Promise((r) => setTimeout(r, 20));

test('an ioredis client fits the structural client type', () => {
  const client: RedisScriptClient = redis; // compile-time check (tsc over test/)
  assert.type(client.evalsha, 'function');
});

test('counts hits on one prefixed key whose expiry Redis keeps', async () => {
  const storage = new RedisThrottlerStorage(redis, { prefix: 'count:' });
  assert.equal(await storage.increment('default:1:203.0.113.7', 60000), { totalHits: 1, timeToExpireMs: 60000 });
  const second = await storage.increment('default:1:203.0.113.7', 60000);
  assert.is(second.totalHits, 2);
  assert.ok(second.timeToExpireMs <= 60000 && second.timeToExpireMs > 59000, `ttl ${second.timeToExpireMs}`);
  assert.is(await redis.get('count:default:1:203.0.113.7'), '2');
  const pttl = await redis.pttl('count:default:1:203.0.113.7');
  assert.ok(pttl > 59000 && pttl <= 60000, `Redis holds the expiry (${pttl})`);
});

test('the default prefix is throttler:', async () => {
  await new RedisThrottlerStorage(redis).increment('default:9:x', 60000);
  assert.is(await redis.get('throttler:default:9:x'), '1');
});

test('a long key (an API key as tracker) is stored as a fixed-length digest, still counted per key', async () => {
  const storage = new RedisThrottlerStorage(redis, { prefix: 'long:' });
  const apiKey = 'k'.repeat(16_384);
  await storage.increment(`default:1:${apiKey}`, 60000);
  assert.is((await storage.increment(`default:1:${apiKey}`, 60000)).totalHits, 2);
  assert.is((await storage.increment(`default:1:${apiKey.slice(1)}x`, 60000)).totalHits, 1, 'another key of the same length counts apart');
  const keys = await redis.keys('long:*');
  assert.is(keys.length, 2);
  for (const key of keys) assert.ok(key.length < 64, `stored as ${key.length} characters`);
});

test('concurrent hits are counted atomically', async () => {
  const storage = new RedisThrottlerStorage(redis, { prefix: 'atomic:' });
  const records = await Promise.all(Array.from({ length: 50 }, () => storage.increment('k', 60000)));
  assert.equal(
    records.map((r) => r.totalHits).sort((a, b) => a - b),
    Array.from({ length: 50 }, (_, i) => i + 1),
  );
});

test('the window ends when Redis expires the key, then counting restarts', async () => {
  const storage = new RedisThrottlerStorage(redis, { prefix: 'expiry:' });
  await storage.increment('k', 150);
  assert.is((await storage.increment('k', 150)).totalHits, 2);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(await storage.increment('k', 150), { totalHits: 1, timeToExpireMs: 150 });
});

test('one command per hit: EVALSHA once the digest is known', async () => {
  const { calls, wrapped } = counting(redis);
  const storage = new RedisThrottlerStorage(wrapped, { prefix: 'roundtrip:' });
  await tick(); // the digest is computed asynchronously at construction
  for (let i = 0; i < 5; i++) await storage.increment('k', 60000);
  assert.equal(calls, ['evalsha', 'evalsha', 'evalsha', 'evalsha', 'evalsha']);
});

test('after SCRIPT FLUSH (or a Redis restart) EVALSHA falls back to EVAL and keeps counting', async () => {
  const { calls, wrapped } = counting(redis);
  const storage = new RedisThrottlerStorage(wrapped, { prefix: 'noscript:' });
  await tick();
  await storage.increment('k', 60000);
  await redis.script('FLUSH');
  assert.is((await storage.increment('k', 60000)).totalHits, 2);
  assert.is((await storage.increment('k', 60000)).totalHits, 3);
  assert.equal(calls, ['evalsha', 'evalsha', 'eval', 'evalsha']);
});

test('a key found without expiry gets one (it cannot lock a caller out forever)', async () => {
  await redis.set('orphan:k', '7');
  const record = await new RedisThrottlerStorage(redis, { prefix: 'orphan:' }).increment('k', 5000);
  assert.equal(record, { totalHits: 8, timeToExpireMs: 5000 });
  assert.ok((await redis.pttl('orphan:k')) > 0);
});

test('through the guard over HTTP: exact headers, then 429', async () => {
  const app = await startApp({
    throttlers: [{ ttl: 60000, limit: 2 }],
    controllers: [LimitedController],
    storage: new RedisThrottlerStorage(redis, { prefix: 'http:' }),
  });
  try {
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const response = await app.get('/limited/a');
      seen.push({ status: response.status, ...limitHeaders(response) });
    }
    assert.equal(seen, [
      { status: 200, limit: '2', remaining: '1', reset: '60' },
      { status: 200, limit: '2', remaining: '0', reset: '60' },
      { status: 429, limit: '2', remaining: '0', reset: '60', retryAfter: '60' },
    ]);
  } finally {
    await app.close();
  }
});

async function spawnAppProcess(redisPort: number): Promise<{ child: ChildProcess; url: string }> {
  const script = fileURLToPath(new URL('./fixtures/redis-app-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(redisPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  const deadline = Date.now() + 20_000;
  while (!/listening (\d+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`app process exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('app process did not start in 20 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url: `http://127.0.0.1:${/listening (\d+)/.exec(output)![1]}` };
}

test('two application processes on one Redis share one quota', async () => {
  const [a, b] = await Promise.all([spawnAppProcess(server.port), spawnAppProcess(server.port)]);
  try {
    const statuses: number[] = [];
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await fetch(`${i % 2 === 0 ? a.url : b.url}/limited/a`);
      statuses.push(response.status);
      remaining.push(response.headers.get('x-ratelimit-remaining'));
    }
    assert.equal(statuses, [200, 200, 200, 200, 200, 429, 429], 'limit 5 across both processes, not 5 each');
    assert.equal(remaining, ['4', '3', '2', '1', '0', '0', '0']);
  } finally {
    for (const { child } of [a, b]) {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  }
});

test.run();
