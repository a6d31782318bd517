// Regression: when a handler or an exception filter returned a `Response`, the headers already set
// on the context (`setResponseHeader`, the throttler's X-RateLimit-*) were dropped, because Hono
// sends a returned Response unchanged. They are added to it now; the Response's own headers win.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/response-keeps-headers/src/app.module.js';
import { shared } from './fixtures/response-keeps-headers/src/pages.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/response-keeps-headers/', import.meta.url), 'AppModule', 'generated-keeps-headers');
const app = await new FrameworkApplication(tables).init(AppModule);

type Get = (path: string, headers?: Record<string, string>) => Promise<Response>;

function assertRateLimited(response: Response): void {
  assert.is(response.headers.get('x-ratelimit-limit'), '100');
  assert.ok(response.headers.get('x-ratelimit-remaining'), 'x-ratelimit-remaining is missing');
  assert.ok(response.headers.get('x-ratelimit-reset'), 'x-ratelimit-reset is missing');
}

async function keepsHeaders(get: Get): Promise<void> {
  const html = await get('/pages/html', { 'x-request-id': 'r-1' });
  assert.is(html.status, 200);
  assert.is(await html.text(), '<p>page</p>');
  assert.is(html.headers.get('content-type'), 'text/html');
  assert.is(html.headers.get('x-request-id'), 'r-1');
  assert.is(html.headers.get('x-owner'), 'response', "the Response's own header wins");
  assert.equal(html.headers.getSetCookie().sort(), ['seen=1', 'theme=dark']);
  assertRateLimited(html);

  const notFound = await get('/pages/missing', { 'x-request-id': 'r-2' });
  assert.is(notFound.status, 404);
  assert.is(await notFound.text(), '<p>no such page</p>');
  assert.is(notFound.headers.get('x-request-id'), 'r-2');
  assertRateLimited(notFound);

  for (const id of ['r-3', 'r-4']) {
    const response = await get('/pages/shared', { 'x-request-id': id });
    assert.is(response.status, 202);
    assert.is(response.headers.get('x-request-id'), id);
    assert.is(response.headers.get('x-owner'), 'response');
  }
  assert.is(shared.headers.get('x-request-id'), null, 'the returned Response itself is left as it was');
}

test('in process: a returned Response keeps the headers set on the context', () =>
  keepsHeaders(async (path, headers) => app.fetch(new Request(`http://in-process${path}`, { headers }))));

test('over Node: a returned Response keeps the headers set on the context', async () => {
  const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  await keepsHeaders((path, headers) => fetch(base + path, { headers }));
});

test.after(() => app.close());
test.run();
