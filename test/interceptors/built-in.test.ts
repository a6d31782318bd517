// The built-in interceptors beyond the chain contract: the cache's bound (in bytes) and expiry, and the
// settings both refuse.
import { CacheInterceptor, MemoryCacheStore, CacheTTL, FrameworkApplication, Timeout, TimeoutInterceptor, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../chain/fixtures/app/src/app.module.js';
import { Counters } from '../chain/fixtures/app/src/scoped.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../chain/fixtures/app/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

test('the GET cache is bounded in bytes; the least recently used answer gives way', async () => {
  const store = new MemoryCacheStore({ maxBytes: 2000 });
  const app = new FrameworkApplication(tables, { logger: quiet });
  app.useGlobalInterceptors(new CacheInterceptor({ store }));
  await app.init(AppModule);
  const get = async (query: string) => ((await (await app.fetch(new Request(`http://local/chain/cached?${query}`))).json()) as { run: number }).run;
  const first = await get('n=0');
  for (let n = 1; n <= 100; n++) await get(`n=${n}`);
  assert.ok(store.usedBytes <= 2000 && store.size < 100, `${store.size} answers, ${store.usedBytes} bytes`);
  assert.ok(store.get('http://local/chain/cached?n=100') !== undefined, 'the newest answer is still kept');
  assert.is(store.get('http://local/chain/cached?n=0'), undefined, 'the oldest answer was dropped');
  assert.is.not(first, undefined);
  await app.close();
});

test('concurrent GETs of one URL run the handler once and share its answer', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  const before = app.get<Counters>(Counters).cachedRuns;
  const answers = await Promise.all([1, 2, 3].map(async () => (await app.fetch(new Request('http://local/chain/cached?together'))).json()));
  assert.equal(answers, [{ run: before + 1 }, { run: before + 1 }, { run: before + 1 }]);
  assert.is(app.get<Counters>(Counters).cachedRuns, before + 1);
  await app.close();
});

test('a kept value expires after its ttl and is dropped when read', async () => {
  const store = new MemoryCacheStore({ maxBytes: 1000 });
  store.set('a', 'A', '"A"', 50);
  assert.is(store.get('a'), 'A');
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.is(store.get('a'), undefined);
  assert.is(store.size, 0);
  assert.is(store.usedBytes, 0);
});

test('reading an entry makes it the most recently used', () => {
  // Each entry counts 101 bytes (its key and its text); four fit in 420.
  const store = new MemoryCacheStore({ maxBytes: 420 });
  const text = 'x'.repeat(100);
  for (const key of ['a', 'b', 'c', 'd']) store.set(key, key, text, 1000);
  store.get('a');
  store.set('e', 'e', text, 1000);
  assert.is(store.get('a'), 'a');
  assert.is(store.get('b'), undefined);
  assert.is(store.size, 4);
});

test('a TimeoutInterceptor that init never prepared (as a request-scoped one) still reads the route\'s @Timeout', async () => {
  const route = tables.routes.find((r) => r.name === 'ChainController.slow')!;
  const controller = tables.providers[route.controller]!.useClass!;
  const interceptor = new TimeoutInterceptor({ ms: 5000 });
  let aborted: unknown;
  const context = { getRoute: () => route, getClass: () => controller, abort: (reason: unknown) => (aborted = reason) } as unknown as Parameters<TimeoutInterceptor['intercept']>[0];
  const started = performance.now();
  const error = await interceptor.intercept(context, () => new Promise((resolve) => setTimeout(resolve, 2000))).catch((e: unknown) => e);
  assert.ok(performance.now() - started < 1000, 'the 50 ms of @Timeout applied, not the 5 s default');
  assert.is((error as { status: number }).status, 503);
  assert.is(aborted, error);
});

test('deadlines, ttls and bounds that are not positive are refused where they are written', () => {
  assert.throws(() => Timeout(0), /@Timeout\(ms\) must be a positive number of milliseconds, got 0/);
  assert.throws(() => CacheTTL(Number.NaN), /@CacheTTL\(ms\) must be a positive number/);
  assert.throws(() => new TimeoutInterceptor({ ms: -1 }), /TimeoutInterceptor: `ms` must be a positive number/);
  assert.throws(() => new MemoryCacheStore({ maxBytes: 0 }), /maxBytes must be a positive integer, got 0/);
});

test.run();
