// Regression: the in-memory storage grew without bound: every new tracker kept a window for `ttl`,
// however many there were, and kept its key whole, however long (a custom getTracker returning an
// `x-api-key` header can be ~16 KB per caller). Now at most `maxKeys` windows are held, and a
// key longer than 200 characters is stored as a fixed-length digest.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryThrottlerStorage, ThrottlerConfig, ThrottlerGuard, type ExecutionContext } from '@framework/core';
import { httpContext, routeEntry } from './fixtures/context.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function clock(start = 1_000_000) {
  const state = { now: start };
  return { state, now: () => state.now };
}

test('by default at most 100 000 keys are held, however many callers arrive within a window', () => {
  const storage = new MemoryThrottlerStorage();
  for (let i = 0; i < 150_000; i++) storage.increment(`default:1:caller-${i}`, 60_000);
  assert.is(storage.size, 100_000);
});

test('at the limit, a new key takes the place of the window opened longest ago; the others keep counting', () => {
  const c = clock();
  const storage = new MemoryThrottlerStorage({ now: c.now, maxKeys: 3 });
  for (const key of ['a', 'b', 'c']) storage.increment(key, 60_000);
  storage.increment('b', 60_000);
  storage.increment('d', 60_000); // drops a
  assert.is(storage.size, 3);
  assert.is(storage.increment('b', 60_000).totalHits, 3);
  assert.is(storage.increment('c', 60_000).totalHits, 2);
  assert.is(storage.increment('d', 60_000).totalHits, 2);
  assert.is(storage.increment('a', 60_000).totalHits, 1, 'a starts again (and drops b, now the oldest)');
  assert.is(storage.increment('b', 60_000).totalHits, 1);
});

test('ended windows go first: a window reopened by a returning caller counts as new', () => {
  const c = clock();
  const storage = new MemoryThrottlerStorage({ now: c.now, maxKeys: 3, sweepIntervalMs: 60_000 });
  for (const key of ['a', 'b', 'c']) storage.increment(key, 1000);
  c.state.now += 1500; // every window ended; no sweep ran yet
  storage.increment('a', 1000); // a opens its next window
  storage.increment('a', 1000);
  storage.increment('d', 1000); // drops b, ended, not a, which was stored first but is live
  assert.is(storage.increment('a', 1000).totalHits, 3);
  assert.is(storage.size, 3);
});

test('filling up stays cheap: each new key at the limit costs about what one below it does', () => {
  const storage = new MemoryThrottlerStorage({ maxKeys: 50_000 });
  for (let i = 0; i < 50_000; i++) storage.increment(`warm-${i}`, 60_000);
  const started = performance.now();
  for (let i = 0; i < 50_000; i++) storage.increment(`flood-${i}`, 60_000);
  const perKeyMs = (performance.now() - started) / 50_000;
  assert.is(storage.size, 50_000);
  assert.ok(perKeyMs < 0.02, `a new key at the limit took ${(perKeyMs * 1000).toFixed(1)} µs`);
});

test('keys longer than 200 characters are stored as a digest: still one counter per key, and little memory', () => {
  const storage = new MemoryThrottlerStorage({ maxKeys: 10_000 });
  const longKey = (i: number) => `default:1:${'k'.repeat(16 * 1024)}${i}`; // ~16 KB, differing only at the end
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 1000; i++) storage.increment(longKey(i), 60_000);
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.ok(grown < 2 * 1024 * 1024, `1000 long keys kept ${grown} bytes (16 MB if stored whole)`);
  assert.is(storage.size, 1000);
  assert.is(storage.increment(longKey(7), 60_000).totalHits, 2, 'the same long key counts together');
  assert.is(storage.increment(`${longKey(7)}x`, 60_000).totalHits, 1, 'a longer one does not');
  assert.is(storage.increment('default:1:short', 60_000).totalHits, 1);
});

test('through the guard: callers counted by a 16 KB x-api-key header', () => {
  const storage = new MemoryThrottlerStorage();
  class ApiKeyGuard extends ThrottlerGuard {
    protected override getTracker(context: ExecutionContext): string | Promise<string> {
      return context.req?.header('x-api-key') ?? super.getTracker(context);
    }
  }
  const guard = new ApiKeyGuard(new ThrottlerConfig([{ ttl: 60_000, limit: 2 }], storage));
  const key = 'a'.repeat(16 * 1024);
  const route = routeEntry(1);
  assert.is(guard.canActivate(httpContext(route, { 'x-api-key': key })), true);
  assert.is(guard.canActivate(httpContext(route, { 'x-api-key': key })), true);
  assert.throws(() => guard.canActivate(httpContext(route, { 'x-api-key': key })), /Too Many Requests|ThrottlerException/);
  assert.is(guard.canActivate(httpContext(route, { 'x-api-key': `${key}b` })), true);
});

test('maxKeys must be a positive integer', () => {
  for (const maxKeys of [0, -1, 1.5, Number.NaN]) {
    assert.throws(
      () => new MemoryThrottlerStorage({ maxKeys }),
      (e: Error) => e instanceof TypeError && e.message === `MemoryThrottlerStorage: maxKeys must be a positive integer count of keys (got ${maxKeys}).`,
    );
  }
});

test.run();
