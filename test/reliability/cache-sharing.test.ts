// The CacheInterceptor shares an answer only between callers it cannot differ for. The probe:
// a guard reading its token from another header, or a tenant header, got the first caller's
// cached answer served to everyone, anonymous callers included. Also: Cache-Control from the
// handler is honoured, the store is bounded in bytes and expired answers are swept.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CacheInterceptor, FrameworkApplication, JwtService, MemoryCacheStore, type ApplicationTables, type Logger } from '@framework/core';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/cache-app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/cache-app/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start() {
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  const jwt = app.get<JwtService>(JwtService);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    return { status: response.status, body: (await response.json()) as { run: number; sub?: string; tenant?: string } };
  };
  return { app, get, token: (sub: string) => jwt.sign({ sub }) };
}

test('a guard reading its token from another header: each principal gets its own answer, anonymous callers none', async () => {
  const { app, get, token } = await start();
  try {
    const alice = await token('alice');
    const bob = await token('bob');
    const first = await get('/c/me', { 'x-api-token': alice });
    assert.equal([first.status, first.body.sub], [200, 'alice']);
    assert.equal(await get('/c/me', { 'x-api-token': alice }), first, "alice's second call is her cached answer");
    const forBob = await get('/c/me', { 'x-api-token': bob });
    assert.equal([forBob.status, forBob.body.sub], [200, 'bob'], "bob never gets alice's answer");
    assert.ok(forBob.body.run > first.body.run);
    assert.is((await get('/c/me')).status, 403, 'an anonymous caller is refused, not served a cached answer');
    assert.is((await get('/c/me', { 'x-api-token': 'forged' })).status, 403);
  } finally {
    await app.close();
  }
});

test('a guard that reads a tenant header and records nothing: nothing is shared unless the route says what it varies by', async () => {
  const { app, get } = await start();
  try {
    const a = await get('/c/tenant', { 'x-tenant': 'a' });
    const b = await get('/c/tenant', { 'x-tenant': 'b' });
    const again = await get('/c/tenant', { 'x-tenant': 'a' });
    assert.ok(a.body.run < b.body.run && b.body.run < again.body.run, 'every call runs the handler');
    const declaredA = await get('/c/tenant-declared', { 'x-tenant': 'a' });
    const declaredB = await get('/c/tenant-declared', { 'x-tenant': 'b' });
    assert.equal([declaredA.body.tenant, declaredB.body.tenant], ['a', 'b']);
    assert.equal(await get('/c/tenant-declared', { 'x-tenant': 'a' }), declaredA, '@CacheVary: shared between callers of tenant a');
    assert.equal(await get('/c/tenant-declared', { 'x-tenant': 'b' }), declaredB);
  } finally {
    await app.close();
  }
});

test('an unguarded route: shared between anonymous callers, never with credentials, and not kept when the handler read a header', async () => {
  const { app, get, token } = await start();
  try {
    const first = await get('/c/open');
    assert.equal(await get('/c/open'), first);
    assert.ok((await get('/c/open', { authorization: 'Bearer whatever' })).body.run > first.body.run);
    assert.ok((await get('/c/open', { cookie: 'session=1' })).body.run > first.body.run);
    const a = await get('/c/open-header', { 'x-tenant': 'a' });
    const b = await get('/c/open-header', { 'x-tenant': 'b' });
    assert.is(b.body.tenant, 'b', "tenant b does not get tenant a's answer");
    assert.ok(b.body.run > a.body.run);
    assert.is((await token('x')).length > 0, true);
  } finally {
    await app.close();
  }
});

test('Cache-Control private, no-store from the handler: the answer is not kept', async () => {
  const { app, get } = await start();
  try {
    for (const path of ['/c/private', '/c/no-store']) {
      const first = await get(path);
      assert.ok((await get(path)).body.run > first.body.run, path);
    }
  } finally {
    await app.close();
  }
});

test('bounded in bytes: 300 answers of 100 KB hold at most maxBytes; expired answers are swept without being read', async () => {
  const store = new MemoryCacheStore({ maxBytes: 2 * 1024 * 1024, sweepMs: 100 });
  const app = new FrameworkApplication(tables, { logger: quiet });
  app.useGlobalInterceptors(new CacheInterceptor({ ttl: 300, store }));
  await app.init(AppModule);
  try {
    for (let n = 0; n < 300; n++) await app.fetch(new Request(`http://local/big/${n}`));
    assert.ok(store.usedBytes <= 2 * 1024 * 1024, `${store.usedBytes} bytes kept`);
    assert.ok(store.size > 10 && store.size < 21, `${store.size} answers kept`);
    await sleep(600);
    assert.is(store.size, 0, 'swept after their ttl');
    assert.is(store.usedBytes, 0);
  } finally {
    await app.close();
  }
});

test.run();
