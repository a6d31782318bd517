import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  GrpcCode,
  ThrottlerConfig,
  ThrottlerException,
  ThrottlerGuard,
  grpcCodeFor,
  type ThrottlerOptions,
  type ThrottlerRecord,
  type ThrottlerStorage,
} from '@framework/core';
import { grpcContext, httpContext, routeEntry } from './fixtures/context.js';

function guardOf(throttlers: ThrottlerOptions[], storage?: ThrottlerStorage, trustProxy?: boolean): ThrottlerGuard {
  return new ThrottlerGuard(new ThrottlerConfig(throttlers, storage, { trustProxy }));
}

/** Records keys; answers asynchronously from an in-memory count. */
class AsyncRecordingStorage implements ThrottlerStorage {
  readonly keys: string[] = [];
  private readonly counts = new Map<string, number>();
  async increment(key: string, ttlMs: number): Promise<ThrottlerRecord> {
    this.keys.push(key);
    const totalHits = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, totalHits);
    return { totalHits, timeToExpireMs: ttlMs };
  }
}

test('with the memory storage and the default tracker, canActivate answers synchronously (no promise)', () => {
  const guard = guardOf([{ ttl: 60000, limit: 2 }]);
  const context = httpContext(routeEntry(1));
  assert.is(guard.canActivate(context), true);
  assert.is(guard.canActivate(context), true);
  assert.throws(() => guard.canActivate(context), (e: unknown) => e instanceof ThrottlerException && e.status === 429);
});

test('with an asynchronous storage, canActivate returns a promise that rejects over the limit', async () => {
  const guard = guardOf([{ ttl: 60000, limit: 1 }], new AsyncRecordingStorage());
  const context = httpContext(routeEntry(1));
  const first = guard.canActivate(context);
  assert.instance(first, Promise);
  assert.is(await first, true);
  assert.is(context.sent.get('x-ratelimit-remaining'), '0');
  try {
    await guard.canActivate(context);
    assert.unreachable('should be refused');
  } catch (error) {
    assert.instance(error, ThrottlerException);
  }
  assert.is(context.sent.get('retry-after'), '60');
});

test('keys are throttler name + route id + caller; never class or method names', async () => {
  const storage = new AsyncRecordingStorage();
  const guard = guardOf([{ ttl: 60000, limit: 5 }, { name: 'burst', ttl: 1000, limit: 5 }], storage);
  // From a proxy on loopback (trusted by default), so its X-Forwarded-For names the caller.
  await guard.canActivate(httpContext(routeEntry(7), { 'x-forwarded-for': '203.0.113.7' }, '127.0.0.1'));
  await guard.canActivate(httpContext(routeEntry(8), {}, '192.0.2.4'));
  assert.equal(storage.keys, ['default:7:203.0.113.7', 'burst:7:203.0.113.7', 'default:8:192.0.2.4', 'burst:8:192.0.2.4']);
  assert.not.ok(storage.keys.some((key) => key.includes('FakeController')));
});

test('callers taking turns on one route keep their own counts and keys', async () => {
  const storage = new AsyncRecordingStorage();
  const guard = guardOf([{ ttl: 60000, limit: 2 }], storage);
  // The storage answers later, so the guard answers a promise (a synchronous throw fails the test).
  const from = (address: string) => Promise.resolve(guard.canActivate(httpContext(routeEntry(3), {}, address)));
  for (const address of ['192.0.2.1', '192.0.2.1', '192.0.2.2', '192.0.2.1', '192.0.2.2']) {
    if (storage.keys.filter((key) => key.endsWith(address)).length < 2) assert.is(await from(address), true);
    else await from(address).then(() => assert.unreachable('over the limit'), (e: unknown) => assert.instance(e, ThrottlerException));
  }
  assert.equal(storage.keys, ['default:3:192.0.2.1', 'default:3:192.0.2.1', 'default:3:192.0.2.2', 'default:3:192.0.2.1', 'default:3:192.0.2.2']);
});

test('a route plan is resolved once per route id', () => {
  const guard = guardOf([{ ttl: 60000, limit: 100 }]);
  let reads = 0;
  const route = routeEntry(3, { throttle: { default: { ttl: 60000, limit: 50 } } });
  const counted = Object.defineProperty({ ...route }, 'annotations', {
    get: () => {
      reads++;
      return route.annotations;
    },
  });
  for (let i = 0; i < 10; i++) guard.canActivate(httpContext(counted));
  assert.is(reads, 1);
});

test('gRPC: the tracker is the peer address; forwarding metadata is not trusted (any client can write it)', () => {
  const storage = new AsyncRecordingStorage();
  const guard = guardOf([{ ttl: 60000, limit: 5 }], storage);
  const route = routeEntry(4);
  void guard.canActivate(grpcContext(route, { 'x-forwarded-for': ['203.0.113.7, 10.0.0.1'] }));
  void guard.canActivate(grpcContext(route, { 'x-real-ip': ['198.51.100.1'] }));
  void guard.canActivate(grpcContext(route));
  assert.equal(storage.keys, ['default:4:192.0.2.9', 'default:4:192.0.2.9', 'default:4:192.0.2.9']);
});

test('gRPC: a getTracker override reads the x-api-key metadata, falling back to super.getTracker', () => {
  class ApiKeyThrottlerGuard extends ThrottlerGuard {
    protected override getTracker(context: Parameters<ThrottlerGuard['canActivate']>[0]): string | Promise<string> {
      const key = context.grpcMetadata?.get('x-api-key')[0];
      return key === undefined ? super.getTracker(context) : String(key);
    }
  }
  const storage = new AsyncRecordingStorage();
  const guard = new ApiKeyThrottlerGuard(new ThrottlerConfig([{ ttl: 60000, limit: 5 }], storage));
  const route = routeEntry(6);
  void guard.canActivate(grpcContext(route, { 'x-api-key': ['key-a'] }));
  void guard.canActivate(grpcContext(route));
  assert.equal(storage.keys, ['default:6:key-a', 'default:6:192.0.2.9']);
});

test('HTTP: forwarding headers that are not IP addresses are ignored', () => {
  const storage = new AsyncRecordingStorage();
  const guard = guardOf([{ ttl: 60000, limit: 5 }], storage);
  const proxy = '127.0.0.1'; // trusted by default: its headers are read
  void guard.canActivate(httpContext(routeEntry(7), { 'x-forwarded-for': 'x'.repeat(500), 'x-real-ip': '198.51.100.1' }, proxy));
  void guard.canActivate(httpContext(routeEntry(7), { 'x-forwarded-for': 'not an address' }, proxy));
  assert.equal(storage.keys.map((key) => key.length < 60), [true, true]);
  assert.equal(storage.keys, ['default:7:198.51.100.1', 'default:7:127.0.0.1']);
});

test('gRPC without trustProxy: only the peer address', () => {
  const storage = new AsyncRecordingStorage();
  const guard = guardOf([{ ttl: 60000, limit: 5 }], storage, false);
  void guard.canActivate(grpcContext(routeEntry(4), { 'x-forwarded-for': ['203.0.113.7'], 'x-real-ip': ['198.51.100.1'] }));
  assert.equal(storage.keys, ['default:4:192.0.2.9']);
});

test('gRPC over the limit: the same headers as metadata and a 429 that maps to RESOURCE_EXHAUSTED', () => {
  const guard = guardOf([{ ttl: 30000, limit: 1 }]);
  const route = routeEntry(5);
  assert.is(guard.canActivate(grpcContext(route)), true);
  const context = grpcContext(route);
  let thrown: unknown;
  try {
    guard.canActivate(context);
  } catch (error) {
    thrown = error;
  }
  assert.instance(thrown, ThrottlerException);
  assert.is(grpcCodeFor((thrown as ThrottlerException).status), GrpcCode.RESOURCE_EXHAUSTED);
  assert.equal(Object.fromEntries(context.sent), {
    'x-ratelimit-limit': '1',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': '30',
    'retry-after': '30',
  });
});

test('a record with totalHits 0 (storage failing open) allows the call and sends no headers', () => {
  const guard = guardOf([{ ttl: 1000, limit: 1 }], { increment: () => ({ totalHits: 0, timeToExpireMs: 0 }) });
  const context = httpContext(routeEntry(1));
  for (let i = 0; i < 3; i++) assert.is(guard.canActivate(context), true);
  assert.is(context.sent.size, 0);
});

test('a storage error propagates as the guard error', async () => {
  const boom = new Error('storage down');
  const guard = guardOf([{ ttl: 1000, limit: 1 }], { increment: () => Promise.reject(boom) });
  try {
    await guard.canActivate(httpContext(routeEntry(1)));
    assert.unreachable('should reject');
  } catch (error) {
    assert.is(error, boom);
  }
});

test('an override naming an undeclared throttler fails with a clear message', () => {
  const guard = guardOf([{ ttl: 1000, limit: 1 }]);
  assert.throws(
    () => guard.canActivate(httpContext(routeEntry(2, { throttle: { burst: { ttl: 1, limit: 1 } } }))),
    (e: Error) =>
      e.message === "@Throttle on FakeController.route2 overrides throttler 'burst', which ThrottlerModule.forRoot does not declare (declared: default).",
  );
});

test('an override with an invalid limit fails with a clear message', () => {
  const guard = guardOf([{ ttl: 1000, limit: 1 }]);
  assert.throws(
    () => guard.canActivate(httpContext(routeEntry(2, { throttle: { default: { ttl: 1000, limit: 0 } } }))),
    (e: Error) => e.message === '@Throttle on FakeController.route2: default.limit must be a positive integer count of calls per window; got 0.',
  );
});

test('the guard refuses to be built without a ThrottlerConfig', () => {
  assert.throws(
    () => new ThrottlerGuard(undefined as unknown as ThrottlerConfig),
    (e: Error) => e.message.startsWith('ThrottlerGuard needs the ThrottlerConfig provided by ThrottlerModule.forRoot(...)'),
  );
});

test.run();
