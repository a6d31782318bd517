import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HealthController, NamedController, OverrideController } from './fixtures/controllers.js';
import { limitHeaders, startApp, type RunningApp } from './fixtures/app.js';

const apps: RunningApp[] = [];
test.after(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function start(throttlers: { ttl: number; limit: number; name?: string }[]): Promise<RunningApp> {
  const app = await startApp({ throttlers, controllers: [HealthController, OverrideController, NamedController] });
  apps.push(app);
  return app;
}

async function statuses(app: RunningApp, path: string, times: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push((await app.get(path)).status);
  return out;
}

test('@SkipThrottle() on a class: never limited, no rate-limit headers', async () => {
  const app = await start([{ ttl: 60000, limit: 1 }]);
  assert.equal(await statuses(app, '/health', 4), [200, 200, 200, 200]);
  const response = await app.get('/health');
  assert.equal(limitHeaders(response), { limit: null, remaining: null, reset: null });
});

test('@Throttle on a class overrides the limit of every handler of it', async () => {
  const app = await start([{ ttl: 60000, limit: 10 }]);
  assert.equal(await statuses(app, '/override/class', 4), [200, 200, 200, 429]);
  assert.is((await app.get('/override/class')).headers.get('x-ratelimit-limit'), '3');
});

test('@Throttle on a handler wins over the class', async () => {
  const app = await start([{ ttl: 60000, limit: 10 }]);
  assert.equal(await statuses(app, '/override/handler', 2), [200, 429]);
});

test('@SkipThrottle() on a handler of a throttled class skips it', async () => {
  const app = await start([{ ttl: 60000, limit: 1 }]);
  assert.equal(await statuses(app, '/override/skipped', 3), [200, 200, 200]);
  assert.is((await app.get('/override/skipped')).headers.get('x-ratelimit-limit'), null);
});

test('named throttlers: each counts on its own and suffixes its headers; default has none', async () => {
  const app = await start([
    { ttl: 60000, limit: 5 },
    { name: 'burst', ttl: 60000, limit: 2 },
  ]);
  const first = await app.get('/named/both');
  assert.equal(limitHeaders(first), { limit: '5', remaining: '4', reset: '60' });
  assert.equal(limitHeaders(first, '-burst'), { limit: '2', remaining: '1', reset: '60' });
  await app.get('/named/both');
  const refused = await app.get('/named/both');
  assert.is(refused.status, 429);
  assert.equal(limitHeaders(refused, '-burst'), { limit: '2', remaining: '0', reset: '60', retryAfter: '60' });
  assert.is(refused.headers.get('retry-after'), '60', 'the standard Retry-After is always sent');
  assert.is(refused.headers.get('x-ratelimit-remaining'), '2', 'default counted this call too');
});

test('@SkipThrottle({ burst: true }) skips only that throttler', async () => {
  const app = await start([
    { ttl: 60000, limit: 3 },
    { name: 'burst', ttl: 60000, limit: 1 },
  ]);
  const response = await app.get('/named/no-burst');
  assert.is(response.headers.get('x-ratelimit-limit-burst'), null);
  assert.is(response.headers.get('x-ratelimit-limit'), '3');
  assert.equal(await statuses(app, '/named/no-burst', 3), [200, 200, 429]);
});

test('@Throttle({ burst: … }) overrides only that throttler', async () => {
  const app = await start([
    { ttl: 60000, limit: 3 },
    { name: 'burst', ttl: 60000, limit: 5 },
  ]);
  const response = await app.get('/named/tight-burst');
  assert.is(response.headers.get('x-ratelimit-limit-burst'), '1');
  assert.is(response.headers.get('x-ratelimit-limit'), '3');
  const refused = await app.get('/named/tight-burst');
  assert.is(refused.status, 429);
  assert.is(refused.headers.get('retry-after-burst'), '60');
});

test.run();
