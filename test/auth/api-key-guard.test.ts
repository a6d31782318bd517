// ApiKeyGuard as the global guard of a real application over HTTP.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiKeyConfig, ApiKeyModule } from '@framework/core';
import { startApiKeyApp } from './fixtures/api-key-app.js';

const CURRENT = 'current-key-0123456789abcdef';
const PREVIOUS = 'previous-key-0123456789abcdef';

const test = suite<{ running: Awaited<ReturnType<typeof startApiKeyApp>> }>('ApiKeyGuard over HTTP');

test.before(async (context) => {
  context.running = await startApiKeyApp({ keys: [CURRENT, PREVIOUS] });
});
test.after(async ({ running }) => {
  await running.close();
});

test('a configured key in x-api-key is let through; every configured key works (rotation)', async ({ running }) => {
  for (const key of [CURRENT, PREVIOUS]) {
    const response = await running.get('/internal/stats', { 'x-api-key': key });
    assert.is(response.status, 200);
    assert.equal(await response.json(), { stats: 7 });
  }
});

test('a missing, empty, wrong, truncated or extended key is a 403, never a 500', async ({ running }) => {
  const attempts: Record<string, string>[] = [
    {},
    { 'x-api-key': '' },
    { 'x-api-key': 'wrong-key-0123456789abcdefgh' },
    { 'x-api-key': CURRENT.slice(0, -1) },
    { 'x-api-key': `${CURRENT}x` },
    { 'x-api-key': CURRENT.toUpperCase() },
    { authorization: `Bearer ${CURRENT}` },
  ];
  for (const headers of attempts) {
    const response = await running.get('/internal/stats', headers);
    assert.is(response.status, 403, JSON.stringify(headers));
    assert.equal(await response.json(), { status: 403, name: 'ForbiddenException', message: 'Forbidden' });
  }
});

test('@Public() routes need no key', async ({ running }) => {
  const response = await running.get('/internal/ping');
  assert.is(response.status, 200);
  assert.is(await response.text(), 'pong');
});

test('configuration: no keys, empty or short keys are refused; the header name is configurable', () => {
  assert.throws(() => ApiKeyModule.forRoot({ keys: [] }), /at least one API key/);
  assert.throws(() => new ApiKeyConfig({ keys: [undefined as unknown as string] }), /all strings/);
  assert.throws(() => new ApiKeyConfig({ keys: ['short'] }), /at least 16 characters/);
  const config = ApiKeyModule.forRoot({ keys: [CURRENT], header: 'X-Service-Key' }).create();
  assert.is(config.header, 'x-service-key');
});

test.run();
