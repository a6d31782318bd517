// The guard's gRPC path, called directly with a real @grpc/grpc-js Metadata (the end-to-end gRPC
// test lives with the gRPC transport).
import { Metadata } from '@grpc/grpc-js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiKeyConfig, ApiKeyGuard, JWT_CLAIMS, JwtAuthGuard, JwtConfig, JwtService, claimsOf } from '@framework/core';
import { ProfileController, PublicController } from './fixtures/controllers.js';
import { grpcContext } from './fixtures/contexts.js';
import { SECRET } from './fixtures/tokens.js';

const jwt = new JwtService(new JwtConfig({ secret: SECRET }));
const guard = new JwtAuthGuard(jwt);

function metadata(entries: Record<string, string> = {}): Metadata {
  const result = new Metadata();
  for (const [key, value] of Object.entries(entries)) result.set(key, value);
  return result;
}

const me = (entries?: Record<string, string>) => grpcContext(metadata(entries), ProfileController.prototype.me, ProfileController);

const test = suite('JwtAuthGuard on gRPC calls');

test('a valid token in the authorization metadata is accepted and its claims stored', async () => {
  const context = me({ authorization: `Bearer ${await jwt.sign({ sub: 'alice' })}` });
  assert.is(await guard.canActivate(context), true);
  assert.is(claimsOf(context)?.sub, 'alice');
  assert.is(context.state.get(JWT_CLAIMS), claimsOf(context));
});

test('missing metadata, another scheme, an empty or invalid token answer false without touching context.req', async () => {
  const token = await jwt.sign({ sub: 'alice' });
  const attempts: Record<string, string>[] = [
    {},
    { authorization: 'Basic dXNlcjpwYXNz' },
    { authorization: `Digest ${token}` },
    { authorization: 'Bearer ' },
    { authorization: 'Bearer x.y.z' },
    { authorization: token },
  ];
  for (const entries of attempts) {
    const context = me(entries);
    assert.is(await guard.canActivate(context), false, JSON.stringify(entries));
    assert.is(claimsOf(context), undefined);
  }
});

test('an expired token in the metadata is refused', async () => {
  assert.is(await guard.canActivate(me({ authorization: `Bearer ${await jwt.sign({ sub: 'alice' }, { expiresIn: -60 })}` })), false);
});

test('@Public() works on gRPC calls: handler-level and controller-level, before any metadata check', async () => {
  assert.is(await guard.canActivate(grpcContext(metadata(), ProfileController.prototype.open, ProfileController)), true);
  assert.is(await guard.canActivate(grpcContext(metadata(), PublicController.prototype.hello, PublicController)), true);
});

test('a public route answers synchronously (no promise) and a missing token too', () => {
  assert.is(guard.canActivate(grpcContext(metadata(), PublicController.prototype.hello, PublicController)), true);
  assert.is(guard.canActivate(me()), false);
});

test('ApiKeyGuard reads the x-api-key metadata key on gRPC', () => {
  const apiKeys = new ApiKeyGuard(new ApiKeyConfig({ keys: ['grpc-key-0123456789abcdef'] }));
  assert.is(apiKeys.canActivate(me({ 'x-api-key': 'grpc-key-0123456789abcdef' })), true);
  assert.is(apiKeys.canActivate(me({ 'x-api-key': 'grpc-key-0123456789abcdeX' })), false);
  assert.is(apiKeys.canActivate(me()), false);
});

test.run();
