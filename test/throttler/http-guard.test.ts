import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LimitedController } from './fixtures/controllers.js';
import { limitHeaders, startApp, type RunningApp } from './fixtures/app.js';

const apps: RunningApp[] = [];
test.after(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function start(ttl: number, limit: number): Promise<RunningApp> {
  const app = await startApp({ throttlers: [{ ttl, limit }], controllers: [LimitedController] });
  apps.push(app);
  return app;
}

test('headers count down exactly over a sequence of calls, then 429 with Retry-After', async () => {
  const app = await start(60000, 3);
  const seen = [];
  for (let i = 0; i < 5; i++) {
    const response = await app.get('/limited/a');
    seen.push({ status: response.status, ...limitHeaders(response) });
    await response.arrayBuffer();
  }
  assert.equal(seen, [
    { status: 200, limit: '3', remaining: '2', reset: '60' },
    { status: 200, limit: '3', remaining: '1', reset: '60' },
    { status: 200, limit: '3', remaining: '0', reset: '60' },
    { status: 429, limit: '3', remaining: '0', reset: '60', retryAfter: '60' },
    { status: 429, limit: '3', remaining: '0', reset: '60', retryAfter: '60' },
  ]);
});

test('the 429 answers the exact exception body as JSON', async () => {
  const app = await start(60000, 1);
  assert.is((await app.get('/limited/a')).status, 200);
  const refused = await app.get('/limited/a');
  assert.is(refused.status, 429);
  assert.match(refused.headers.get('content-type') ?? '', /application\/json/);
  assert.equal(await refused.json(), { status: 429, name: 'ThrottlerException', message: 'ThrottlerException: Too Many Requests' });
});

test('a successful call still gets the handler answer', async () => {
  const app = await start(60000, 2);
  const response = await app.get('/limited/b');
  assert.equal(await response.json(), { route: 'b' });
});

test('the window resets after ttl: a new window grants the full limit again', async () => {
  const app = await start(1000, 2);
  assert.is((await app.get('/limited/a')).status, 200);
  assert.is((await app.get('/limited/a')).status, 200);
  const refused = await app.get('/limited/a');
  assert.is(refused.status, 429);
  assert.is(refused.headers.get('retry-after'), '1'); // under 1000 ms left rounds up to 1 s
  await new Promise((r) => setTimeout(r, 1050));
  const fresh = await app.get('/limited/a');
  assert.is(fresh.status, 200);
  assert.equal(limitHeaders(fresh), { limit: '2', remaining: '1', reset: '1' });
});

test('the window is fixed: calls inside it do not move its end', async () => {
  const app = await start(600, 100);
  await app.get('/limited/a');
  await new Promise((r) => setTimeout(r, 350));
  await app.get('/limited/a'); // a sliding or refreshed window would end 600 ms after this call
  await new Promise((r) => setTimeout(r, 300));
  const response = await app.get('/limited/a');
  assert.is(response.headers.get('x-ratelimit-remaining'), '99', 'a new window opened 600 ms after the first call');
});

test('routes are counted independently: one route exhausted leaves the other untouched', async () => {
  const app = await start(60000, 2);
  await app.get('/limited/a');
  await app.get('/limited/a');
  assert.is((await app.get('/limited/a')).status, 429);
  const other = await app.get('/limited/b');
  assert.is(other.status, 200);
  assert.is(other.headers.get('x-ratelimit-remaining'), '1');
});

test('two applications in one process keep separate counters', async () => {
  const first = await start(60000, 1);
  const second = await start(60000, 1);
  assert.is((await first.get('/limited/a')).status, 200);
  assert.is((await second.get('/limited/a')).status, 200);
  assert.is((await first.get('/limited/a')).status, 429);
});

test.run();
