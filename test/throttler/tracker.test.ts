import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ThrottlerGuard, type ExecutionContext } from '@framework/core';
import { LimitedController } from './fixtures/controllers.js';
import { startApp, type RunningApp } from './fixtures/app.js';

const apps: RunningApp[] = [];
test.after(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

const trackers: string[] = [];

/** Records what the default tracker resolves, to assert exact values. */
class RecordingGuard extends ThrottlerGuard {
  protected override getTracker(context: ExecutionContext): string | Promise<string> {
    const tracker = super.getTracker(context) as string;
    trackers.push(tracker);
    return tracker;
  }
}

/** The spec's example: count per API key, else per address. */
class ApiKeyThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(context: ExecutionContext): string | Promise<string> {
    return context.req?.header('x-api-key') ?? super.getTracker(context);
  }
}

/** An asynchronous tracker (a lookup) works as well. */
class AsyncTrackerGuard extends ThrottlerGuard {
  protected override async getTracker(context: ExecutionContext): Promise<string> {
    await new Promise((r) => setTimeout(r, 1));
    return `tenant:${context.req?.header('x-tenant') ?? 'none'}`;
  }
}

async function start(spec: { trustProxy?: boolean; guard?: typeof ThrottlerGuard; limit?: number }): Promise<RunningApp> {
  const app = await startApp({ throttlers: [{ ttl: 60000, limit: spec.limit ?? 1 }], controllers: [LimitedController], ...spec });
  apps.push(app);
  return app;
}

// These calls come from 127.0.0.1, a trusted proxy by default: its headers name the caller.
test('default (trustProxy on): X-Forwarded-For (rightmost untrusted address), then X-Real-IP, then the connection', async () => {
  const app = await start({ guard: RecordingGuard, limit: 100 });
  trackers.length = 0;
  await app.get('/limited/a', { 'x-forwarded-for': ' 203.0.113.7 , 127.0.0.2', 'x-real-ip': '198.51.100.1' });
  await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.8' });
  await app.get('/limited/a', { 'x-real-ip': '198.51.100.1' });
  await app.get('/limited/a', { 'x-forwarded-for': ' ', 'x-real-ip': '198.51.100.2' });
  await app.get('/limited/a');
  assert.equal(trackers, ['203.0.113.7', '203.0.113.8', '198.51.100.1', '198.51.100.2', '127.0.0.1']);
});

test('trustProxy on: callers behind different forwarded addresses have separate budgets', async () => {
  const app = await start({});
  assert.is((await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.7, 127.0.0.2' })).status, 200);
  assert.is((await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.7, 127.0.0.3' })).status, 429);
  assert.is((await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.9' })).status, 200);
  assert.is((await app.get('/limited/a', { 'x-real-ip': '198.51.100.1' })).status, 200);
  assert.is((await app.get('/limited/a', { 'x-real-ip': '198.51.100.1' })).status, 429);
});

test('trustProxy off: forged headers are ignored, only the connection address counts', async () => {
  const app = await start({ trustProxy: false, guard: RecordingGuard });
  trackers.length = 0;
  assert.is((await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.1' })).status, 200);
  assert.is((await app.get('/limited/a', { 'x-forwarded-for': '203.0.113.2' })).status, 429);
  assert.is((await app.get('/limited/a', { 'x-real-ip': '203.0.113.3' })).status, 429);
  assert.equal(trackers, ['127.0.0.1', '127.0.0.1', '127.0.0.1']);
});

test('getTracker override: x-api-key identifies the caller, falling back to the address', async () => {
  const app = await start({ guard: ApiKeyThrottlerGuard });
  assert.is((await app.get('/limited/a', { 'x-api-key': 'key-1' })).status, 200);
  assert.is((await app.get('/limited/a', { 'x-api-key': 'key-1' })).status, 429);
  assert.is((await app.get('/limited/a', { 'x-api-key': 'key-2' })).status, 200);
  assert.is((await app.get('/limited/a')).status, 200, 'no key: the address has its own budget');
  assert.is((await app.get('/limited/a')).status, 429);
});

test('an asynchronous getTracker is awaited', async () => {
  const app = await start({ guard: AsyncTrackerGuard });
  assert.is((await app.get('/limited/a', { 'x-tenant': 'a' })).status, 200);
  assert.is((await app.get('/limited/a', { 'x-tenant': 'a' })).status, 429);
  assert.is((await app.get('/limited/a', { 'x-tenant': 'b' })).status, 200);
});

test.run();
