/**
 * The Redis throttler storage's indicator against a real redis-server that is stopped and started
 * again: readiness (HTTP and gRPC) follows it, naming `redis`, while liveness stays up.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { compileFixture } from '../compile-fixture.js';
import { startRedis } from '../throttler/fixtures/redis.js';
import { check, healthClient, waitFor } from './fixtures/health-client.js';

const server = await startRedis();
process.env.HEALTH_REDIS_PORT = String(server.port);
const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/redis-app/', import.meta.url));
const { AppModule, redis } = await import('./fixtures/redis-app/src/app.module.js');

test('Redis up → ready; stopped → 503 and NOT_SERVING naming redis; started again → ready', async () => {
  await waitFor(() => redis.status === 'ready', 'the client to connect');
  const app = new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
  const grpc = new GrpcServer(app);
  await app.init(AppModule);
  const url = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  const health = healthClient(await grpc.listen(0, undefined, '127.0.0.1'));
  const ready = async () => {
    const response = await fetch(`${url}/health/ready`);
    return { status: response.status, body: await response.json() };
  };
  let restarted: Awaited<ReturnType<typeof startRedis>> | undefined;
  try {
    assert.equal(await ready(), { status: 200, body: { status: 'up', checks: { redis: { status: 'up' } } } });
    assert.is(await check(health), 'SERVING');
    assert.is((await fetch(`${url}/limited`)).status, 200);

    await server.stop();
    await waitFor(() => redis.status !== 'ready', 'the client to notice');
    assert.equal(await ready(), { status: 503, body: { status: 'down', checks: { redis: { status: 'down', reason: 'failed' } } } });
    assert.is(await check(health), 'NOT_SERVING');
    assert.is((await fetch(`${url}/limited`)).status, 503, 'the throttler refuses calls meanwhile (onError: closed)');
    assert.is((await fetch(`${url}/health/live`)).status, 200, 'alive all along');

    restarted = await startRedis(server.port);
    await waitFor(() => redis.status === 'ready', 'the client to reconnect', 15_000);
    assert.equal(await ready(), { status: 200, body: { status: 'up', checks: { redis: { status: 'up' } } } });
    assert.is(await check(health), 'SERVING');
  } finally {
    health.close();
    await app.close();
    redis.disconnect();
    await restarted?.stop();
    await server.stop();
  }
});

test.run();
