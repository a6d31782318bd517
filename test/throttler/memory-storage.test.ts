import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryThrottlerStorage, ThrottlerConfig, ThrottlerGuard } from '@framework/core';
import { httpContext, routeEntry } from './fixtures/context.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function clock(start = 1_000_000) {
  const state = { now: start };
  return { state, now: () => state.now };
}

test('fixed window: counts hits, reports time left, and restarts after ttl', () => {
  const c = clock();
  const storage = new MemoryThrottlerStorage({ now: c.now });
  assert.equal({ ...storage.increment('k', 1000) }, { totalHits: 1, timeToExpireMs: 1000, endsAt: 1_001_000 });
  c.state.now += 400;
  const second = storage.increment('k', 1000);
  assert.is(second.totalHits, 2);
  assert.is(second.timeToExpireMs, 600, 'a later hit does not move the window end');
  c.state.now += 599;
  assert.is(storage.increment('k', 1000).totalHits, 3);
  c.state.now += 1;
  const next = storage.increment('k', 1000);
  assert.is(next.totalHits, 1, 'the hit at the end opens a new window');
  assert.is(next.timeToExpireMs, 1000);
});

test('keys are independent', () => {
  const storage = new MemoryThrottlerStorage();
  storage.increment('a', 1000);
  storage.increment('a', 1000);
  assert.is(storage.increment('b', 1000).totalHits, 1);
});

test('ended windows are swept on a later hit, without timers', () => {
  const c = clock();
  const storage = new MemoryThrottlerStorage({ now: c.now, sweepIntervalMs: 1000 });
  for (let i = 0; i < 10; i++) storage.increment(`k${i}`, 500);
  assert.is(storage.size, 10);
  c.state.now += 600; // ended, but no sweep is due yet
  storage.increment('fresh', 500);
  assert.is(storage.size, 11);
  c.state.now += 400; // sweep due
  storage.increment('fresh', 500);
  assert.is(storage.size, 1);
});

test('a sweep finishes even while every hit adds a new key', () => {
  const c = clock();
  const storage = new MemoryThrottlerStorage({ now: c.now, sweepIntervalMs: 1000 });
  for (let i = 0; i < 5000; i++) storage.increment(`old${i}`, 500);
  c.state.now += 1000;
  for (let i = 0; i < 3000; i++) storage.increment(`new${i}`, 60_000);
  assert.is(storage.size, 3000, 'every ended window is gone, every live one kept');
});

test('rejects a non-positive sweep interval', () => {
  assert.throws(() => new MemoryThrottlerStorage({ sweepIntervalMs: 0 }), /sweepIntervalMs must be a positive number/);
});

function timeouts(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

test('memory stays bounded: 200 000 distinct callers through the guard, then their windows end', () => {
  const c = clock();
  // maxKeys above the caller count: this test is about sweeps (memory-storage-bound.test.ts covers the cap).
  const storage = new MemoryThrottlerStorage({ now: c.now, sweepIntervalMs: 1000, maxKeys: 200_000 });
  const guard = new ThrottlerGuard(new ThrottlerConfig([{ ttl: 60000, limit: 1000 }], storage));
  const route = routeEntry(1);
  const timersBefore = timeouts();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;

  for (let i = 0; i < 200_000; i++) {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    assert.is(guard.canActivate(httpContext(route, {}, address)), true);
  }
  assert.is(storage.size, 200_000);
  assert.is(timeouts(), timersBefore, 'no timer per key');
  gc();
  const heapFull = process.memoryUsage().heapUsed;

  c.state.now += 60_000 + 1000; // every window ended and a sweep is due
  // The sweep is spread over the next hits (1024 entries each), so no call pays for all 200 000.
  const live = httpContext(route, {}, '192.0.2.1');
  let hits = 0;
  while (storage.size > 1 && hits < 1000) {
    guard.canActivate(live);
    hits++;
  }
  assert.is(storage.size, 1, 'only the live caller is left');
  assert.ok(hits >= 150 && hits <= 200, `swept in slices over ${hits} hits`);
  gc();
  const heapAfter = process.memoryUsage().heapUsed;

  const grown = heapFull - heapBefore;
  const left = heapAfter - heapBefore;
  assert.ok(grown > 10 * 1024 * 1024, `200 000 windows should take measurable heap (took ${grown} bytes)`);
  assert.ok(left < grown / 10, `after the sweep the heap should shrink back (still ${left} of ${grown} bytes)`);
});

test.run();
