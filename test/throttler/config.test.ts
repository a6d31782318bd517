import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MemoryThrottlerStorage, ThrottlerConfig, ThrottlerModule, type ThrottlerOptions, type ThrottlerStorage } from '@framework/core';

function forRootError(throttlers: unknown): string {
  try {
    ThrottlerModule.forRoot(throttlers as ThrottlerOptions[]);
  } catch (error) {
    assert.instance(error, TypeError);
    return (error as Error).message;
  }
  throw new Error('forRoot accepted invalid options');
}

test('forRoot creates a fresh ThrottlerConfig per application (no shared default storage)', () => {
  const dynamic = ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }]);
  assert.is.not(dynamic.create(), dynamic.create());
  assert.is.not(dynamic.create().storage, dynamic.create().storage);
});

test('forRoot returns the dynamic module shape with a ThrottlerConfig value and no injectables', () => {
  const dynamic = ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }]);
  assert.is(dynamic.module, ThrottlerModule);
  assert.equal(dynamic.injectables, []);
  assert.instance(dynamic.create(), ThrottlerConfig);
  assert.equal(dynamic.create().throttlers, [{ name: 'default', ttl: 60000, limit: 10 }]);
  assert.instance(dynamic.create().storage, MemoryThrottlerStorage);
  assert.is(dynamic.create().trustProxy, true, 'the spec reads proxy headers first');
});

test('forRoot takes a storage second, options third, or an options object second', () => {
  const storage: ThrottlerStorage = { increment: () => ({ totalHits: 1, timeToExpireMs: 1 }) };
  const a = ThrottlerModule.forRoot([{ ttl: 1, limit: 1 }], storage);
  assert.is(a.create().storage, storage);
  const b = ThrottlerModule.forRoot([{ ttl: 1, limit: 1 }], storage, { trustProxy: false });
  assert.is(b.create().storage, storage);
  assert.is(b.create().trustProxy, false);
  const c = ThrottlerModule.forRoot([{ ttl: 1, limit: 1 }], { storage, trustProxy: false });
  assert.is(c.create().storage, storage);
  assert.is(c.create().trustProxy, false);
  const d = ThrottlerModule.forRoot([{ ttl: 1, limit: 1 }], { trustProxy: false });
  assert.instance(d.create().storage, MemoryThrottlerStorage);
  assert.is(d.create().trustProxy, false);
});

test('named throttlers keep their names and order', () => {
  const value = ThrottlerModule.forRoot([
    { name: 'burst', ttl: 1000, limit: 3 },
    { ttl: 60000, limit: 100 },
  ]).create();
  assert.equal(value.throttlers, [
    { name: 'burst', ttl: 1000, limit: 3 },
    { name: 'default', ttl: 60000, limit: 100 },
  ]);
});

test('rejects an empty or missing list', () => {
  assert.match(forRootError([]), 'expects an array of at least one throttler, such as [{ ttl: 60000, limit: 10 }]');
  assert.match(forRootError(undefined), 'expects an array of at least one throttler');
});

test('rejects ttl and limit that are not positive integers, naming the entry', () => {
  assert.is(
    forRootError([{ ttl: 60000, limit: 10 }, { ttl: 0, limit: 1, name: 'x' }]),
    'ThrottlerModule.forRoot: throttlers[1].ttl must be a positive integer number of milliseconds (60000 is one minute); got 0.',
  );
  assert.match(forRootError([{ ttl: 1.5, limit: 1 }]), 'throttlers[0].ttl must be a positive integer');
  assert.match(forRootError([{ ttl: '60000', limit: 1 }]), "got '60000'");
  assert.is(
    forRootError([{ ttl: 60000, limit: -1 }]),
    'ThrottlerModule.forRoot: throttlers[0].limit must be a positive integer count of calls per window; got -1.',
  );
  assert.match(forRootError([{ ttl: 60000, limit: Number.NaN }]), 'got NaN');
  assert.match(forRootError([{ ttl: 60000 }]), 'throttlers[0].limit must be a positive integer count of calls per window; got undefined.');
  assert.match(forRootError([null]), 'throttlers[0] must be an object { ttl, limit, name? }');
});

test('rejects duplicate names, including two unnamed throttlers', () => {
  assert.is(
    forRootError([
      { name: 'burst', ttl: 1, limit: 1 },
      { name: 'burst', ttl: 2, limit: 2 },
    ]),
    "ThrottlerModule.forRoot: throttlers[1].name 'burst' is used by another throttler; give each throttler its own name.",
  );
  assert.match(
    forRootError([
      { ttl: 1, limit: 1 },
      { ttl: 2, limit: 2 },
    ]),
    "name 'default' is used by another throttler (a throttler without a name is named default)",
  );
});

test('rejects names that cannot be header suffixes', () => {
  assert.match(forRootError([{ name: 'per minute', ttl: 1, limit: 1 }]), "throttlers[0].name must be letters, digits, '_' or '-' (it becomes a header suffix); got 'per minute'.");
  assert.match(forRootError([{ name: '', ttl: 1, limit: 1 }]), "got ''");
});

test('rejects a storage without increment', () => {
  assert.throws(
    () => new ThrottlerConfig([{ ttl: 1, limit: 1 }], {} as ThrottlerStorage),
    (e: Error) => e.message === 'ThrottlerModule.forRoot: the storage must implement ThrottlerStorage (an increment(key, ttlMs) method).',
  );
});

test.run();
