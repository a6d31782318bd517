import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GLOBAL_GUARD, ThrottlerGuard, type ExecutionContext, type ThrottlerConfig } from '@framework/core';
import { MetadataHelper } from '@framework/core/metadata';
import { AuthController } from './fixtures/controllers.js';
import { limitHeaders, startApp, type RunningApp } from './fixtures/app.js';

/** Spec, Limits 7: throttle first (throws when over the limit), then authenticate. */
class AuthThrottlerGuard extends ThrottlerGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const isPublic =
      MetadataHelper.getMetadata<boolean>('isPublic', context.getHandler()) ?? MetadataHelper.getMetadata<boolean>('isPublic', context.getClass());
    if (isPublic) return true;
    return context.req?.header('authorization') === 'Bearer good-token';
  }
}

let app: RunningApp;
test.before(async () => {
  app = await startApp({ throttlers: [{ ttl: 60000, limit: 3 }], controllers: [AuthController], guard: AuthThrottlerGuard });
});
test.after(async () => {
  await app.close();
});

const bearer = { authorization: 'Bearer good-token' };

test('the public login route stays throttled at its @Throttle limit (5 per minute)', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await app.get('/auth/login', { 'x-forwarded-for': '203.0.113.50' })).status);
  assert.equal(statuses, [200, 200, 200, 200, 200, 429]);
  const refused = await app.get('/auth/login', { 'x-forwarded-for': '203.0.113.50' });
  assert.equal(limitHeaders(refused), { limit: '5', remaining: '0', reset: '60', retryAfter: '60' });
  assert.equal(await refused.json(), { status: 429, name: 'ThrottlerException', message: 'ThrottlerException: Too Many Requests' });
});

test('a protected route authenticates after throttling: 403 without a token, with the rate-limit headers', async () => {
  const denied = await app.get('/auth/me', { 'x-forwarded-for': '203.0.113.60' });
  assert.is(denied.status, 403);
  assert.equal(limitHeaders(denied), { limit: '3', remaining: '2', reset: '60' });
  const allowed = await app.get('/auth/me', { ...bearer, 'x-forwarded-for': '203.0.113.60' });
  assert.is(allowed.status, 200);
  assert.equal(await allowed.json(), { user: 'alice' });
  assert.is(allowed.headers.get('x-ratelimit-remaining'), '1');
});

test('over the limit, even a valid token gets 429: the throttler runs first', async () => {
  const caller = { ...bearer, 'x-forwarded-for': '203.0.113.70' };
  for (let i = 0; i < 3; i++) assert.is((await app.get('/auth/me', caller)).status, 200);
  assert.is((await app.get('/auth/me', caller)).status, 429);
});

test('failed authentications count too, so guessing tokens is throttled', async () => {
  const caller = { authorization: 'Bearer guess', 'x-forwarded-for': '203.0.113.80' };
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await app.get('/auth/me', caller)).status);
  assert.equal(statuses, [403, 403, 403, 429]);
});

test('the subclass is the global guard, built by the inherited constructor', () => {
  const guard = app.app.get<unknown>(GLOBAL_GUARD);
  assert.instance(guard, AuthThrottlerGuard);
  assert.instance(guard, ThrottlerGuard);
});

/** A subclass with its own `config` member and its own constructor: no clash with the base class. */
class TenantThrottlerGuard extends ThrottlerGuard {
  private readonly config: { readonly header: string };
  constructor(throttlerConfig: ThrottlerConfig) {
    super(throttlerConfig);
    this.config = { header: 'x-tenant' };
  }
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    return context.req?.header(this.config.header) !== undefined;
  }
}

test('a subclass may name its own members (config) and write its own constructor', async () => {
  const tenantApp = await startApp({ throttlers: [{ ttl: 60000, limit: 2 }], controllers: [AuthController], guard: TenantThrottlerGuard });
  try {
    const caller = { 'x-forwarded-for': '203.0.113.90' };
    assert.is((await tenantApp.get('/auth/me', caller)).status, 403);
    assert.is((await tenantApp.get('/auth/me', { ...caller, 'x-tenant': 't1' })).status, 200);
    assert.is((await tenantApp.get('/auth/me', { ...caller, 'x-tenant': 't1' })).status, 429);
  } finally {
    await tenantApp.close();
  }
});

test.run();
