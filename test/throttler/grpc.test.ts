import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { status } from '@grpc/grpc-js';
import { startGrpcApp, type GrpcApp } from './fixtures/grpc-app.js';

let app: GrpcApp;
test.before(async () => {
  app = await startGrpcApp();
});
test.after(async () => {
  await app.stop();
});

function limits(trailers: { get(key: string): unknown[] }) {
  const one = (key: string) => (trailers.get(key)[0] as string | undefined) ?? null;
  return { limit: one('x-ratelimit-limit'), remaining: one('x-ratelimit-remaining'), reset: one('x-ratelimit-reset'), retryAfter: one('retry-after') };
}

test('gRPC: counts per caller, sends the headers as metadata, and answers RESOURCE_EXHAUSTED over the limit', async () => {
  const caller = { 'x-forwarded-for': '203.0.113.7' };
  const first = await app.call('Ping', caller);
  assert.is(first.error, null);
  assert.equal(limits(first.trailers), { limit: '2', remaining: '1', reset: '60', retryAfter: null });
  const second = await app.call('Ping', caller);
  assert.equal(limits(second.trailers), { limit: '2', remaining: '0', reset: '60', retryAfter: null });
  const third = await app.call('Ping', caller);
  assert.is(third.error?.code, status.RESOURCE_EXHAUSTED);
  assert.is(third.error?.details, 'ThrottlerException: Too Many Requests');
  assert.equal(limits(third.error!.metadata), { limit: '2', remaining: '0', reset: '60', retryAfter: '60' });
});

test('gRPC: a forged x-forwarded-for does not buy a fresh budget (the caller is the peer address)', async () => {
  assert.is((await app.call('Ping', { 'x-forwarded-for': '203.0.113.8' })).error?.code, status.RESOURCE_EXHAUSTED);
  assert.is((await app.call('Ping')).error?.code, status.RESOURCE_EXHAUSTED);
});

test('gRPC: a skipped RPC is never limited and carries no rate-limit metadata', async () => {
  for (let i = 0; i < 4; i++) {
    const answer = await app.call('Free', { 'x-forwarded-for': '203.0.113.7' });
    assert.is(answer.error, null);
    assert.is(limits(answer.trailers).limit, null);
  }
});

test.run();
