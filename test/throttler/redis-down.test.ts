import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { RedisThrottlerStorage, type Logger, type RedisThrottlerStorageOptions } from '@framework/core';
import { LimitedController } from './fixtures/controllers.js';
import { limitHeaders, startApp, type RunningApp } from './fixtures/app.js';
import { startRedis, type RedisProcess } from './fixtures/redis.js';

class CapturingLogger implements Logger {
  readonly errors: string[] = [];
  error(message: string): void {
    this.errors.push(message);
  }
  warn(): void {}
  log(): void {}
}

async function waitFor(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Setup {
  readonly app: RunningApp;
  readonly redis: Redis;
  readonly logger: CapturingLogger;
}

async function appOn(port: number, options: RedisThrottlerStorageOptions): Promise<Setup> {
  const redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined); // connection errors are expected here
  const logger = new CapturingLogger();
  const app = await startApp({
    throttlers: [{ ttl: 60000, limit: 1 }],
    controllers: [LimitedController],
    storage: new RedisThrottlerStorage(redis, { logger, ...options }),
  });
  return { app, redis, logger };
}

async function close({ app, redis }: Setup): Promise<void> {
  await app.close();
  redis.disconnect();
}

async function timed(call: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const start = performance.now();
  const response = await call();
  return { response, ms: performance.now() - start };
}

test('Redis stops: fail open (default) allows calls without headers and logs once per outage', async () => {
  const server: RedisProcess = await startRedis();
  const setup = await appOn(server.port, { prefix: 'open:' });
  try {
    assert.is((await setup.app.get('/limited/a')).status, 200);
    assert.is((await setup.app.get('/limited/a')).status, 429, 'counting works while Redis is up');
    await server.stop();
    await waitFor(() => setup.redis.status !== 'ready', 'the client to notice');
    for (let i = 0; i < 5; i++) {
      const { response, ms } = await timed(() => setup.app.get('/limited/a'));
      assert.is(response.status, 200, 'allowed while Redis is down');
      assert.equal(limitHeaders(response), { limit: null, remaining: null, reset: null }, 'no counts are claimed');
      assert.ok(ms < 1000, `answered in ${ms} ms`);
    }
    assert.is(setup.logger.errors.length, 1, 'an outage logs one line, not one per call');
    assert.match(setup.logger.errors[0]!, 'RedisThrottlerStorage: Redis is unavailable, calls are allowed without limits');
  } finally {
    await close(setup);
    await server.stop();
  }
});

test('Redis stops: fail closed answers 503 and the application keeps serving', async () => {
  const server = await startRedis();
  const setup = await appOn(server.port, { prefix: 'closed:', onError: 'closed' });
  try {
    assert.is((await setup.app.get('/limited/a')).status, 200);
    await server.stop();
    await waitFor(() => setup.redis.status !== 'ready', 'the client to notice');
    for (let i = 0; i < 3; i++) {
      const response = await setup.app.get('/limited/b');
      assert.is(response.status, 503);
      assert.equal(await response.json(), { status: 503, name: 'ServiceUnavailableException', message: 'Service unavailable' });
    }
    assert.match(setup.logger.errors[0]!, 'calls are refused with 503');
  } finally {
    await close(setup);
    await server.stop();
  }
});

test('Redis comes back: counting resumes', async () => {
  const server = await startRedis();
  const setup = await appOn(server.port, { prefix: 'back:' });
  try {
    await server.stop();
    await waitFor(() => setup.redis.status !== 'ready', 'the client to notice');
    assert.is((await setup.app.get('/limited/a')).status, 200);
    const restarted = await startRedis(server.port);
    try {
      await waitFor(() => setup.redis.status === 'ready', 'the client to reconnect', 10_000);
      const counted = await setup.app.get('/limited/a');
      assert.is(counted.headers.get('x-ratelimit-remaining'), '0');
      assert.is((await setup.app.get('/limited/a')).status, 429);
    } finally {
      await restarted.stop();
    }
  } finally {
    await close(setup);
  }
});

test('a Redis that accepts but never answers cannot hang a call: the timeout answers', async () => {
  const sockets: Socket[] = [];
  const blackHole: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((r) => blackHole.listen(0, '127.0.0.1', r));
  const port = (blackHole.address() as { port: number }).port;
  const open = await appOn(port, { prefix: 'hole:', timeoutMs: 150 });
  const closed = await appOn(port, { prefix: 'hole:', timeoutMs: 150, onError: 'closed' });
  try {
    const a = await timed(() => open.app.get('/limited/a'));
    assert.is(a.response.status, 200);
    assert.ok(a.ms < 1000, `fail open answered in ${a.ms} ms`);
    const b = await timed(() => closed.app.get('/limited/a'));
    assert.is(b.response.status, 503);
    assert.ok(b.ms < 1000, `fail closed answered in ${b.ms} ms`);
    assert.match(open.logger.errors[0]!, 'Redis is unavailable');
  } finally {
    await Promise.all([close(open), close(closed)]);
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => blackHole.close(r));
  }
});

test('rejects invalid options', () => {
  const client = { eval: async () => [1, 1], evalsha: async () => [1, 1] };
  assert.throws(() => new RedisThrottlerStorage(client, { onError: 'maybe' as 'open' }), /onError must be 'open' or 'closed'; got maybe/);
  assert.throws(() => new RedisThrottlerStorage(client, { timeoutMs: 0 }), /timeoutMs must be a positive number/);
  assert.throws(() => new RedisThrottlerStorage({} as typeof client), /needs a Redis client with eval and evalsha/);
});

test.run();
