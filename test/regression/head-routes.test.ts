// Regression: Hono dispatches every HEAD request as GET, so a `@Head()` route never ran: HEAD
// answered with the GET route of the path, or 404 when the path had only a `@Head()` route.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/head-routes/src/app.module.js';
import { ran } from './fixtures/head-routes/src/files.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/head-routes/', import.meta.url));
const app = await new FrameworkApplication(tables).init(AppModule);

type Send = (method: string, path: string, headers?: Record<string, string>) => Promise<Response>;

/** The response and which handlers (and guards) ran for it. */
async function sent(send: Send, method: string, path: string, headers?: Record<string, string>): Promise<{ response: Response; body: string; ran: string[] }> {
  ran.length = 0;
  const response = await send(method, path, headers);
  return { response, body: await response.text(), ran: [...ran] };
}

async function headRoutesWork(send: Send): Promise<void> {
  const head = await sent(send, 'HEAD', '/files/a.txt');
  assert.is(head.response.status, 200);
  assert.equal(head.ran, ['head guard', 'head']);
  assert.is(head.response.headers.get('x-handled-by'), 'head');
  assert.is(head.response.headers.get('x-file'), 'a.txt');
  assert.is(head.body, '');

  const denied = await sent(send, 'HEAD', '/files/a.txt', { 'x-deny': '1' });
  assert.is(denied.response.status, 403, "the @Head() route's guards run");
  assert.equal(denied.ran, ['head guard']);

  const get = await sent(send, 'GET', '/files/a.txt');
  assert.is(get.response.status, 200);
  assert.equal(get.ran, ['get']);
  assert.is(get.body, 'contents of a.txt');
  assert.is(get.response.headers.get('x-handled-by'), null);

  const probe = await sent(send, 'HEAD', '/probe');
  assert.is(probe.response.status, 200);
  assert.equal(probe.ran, ['probe']);
  assert.is(probe.response.headers.get('x-probe'), 'alive');
  const noGet = (await sent(send, 'GET', '/probe')).response;
  assert.is(noGet.status, 405, 'a path with only a @Head() route has no GET');
  assert.is(noGet.headers.get('allow'), 'HEAD, OPTIONS');

  const plain = await sent(send, 'HEAD', '/plain');
  assert.is(plain.response.status, 200, 'without a @Head() route, the GET route answers HEAD');
  assert.equal(plain.ran, ['plain']);
  assert.match(plain.response.headers.get('content-type') ?? '', 'text/plain');
  assert.is(plain.body, '');
}

test('in process: HEAD reaches the @Head() route, GET the GET route', () =>
  headRoutesWork(async (method, path, headers) => app.fetch(new Request(`http://in-process${path}`, { method, headers }))));

test('over Node: HEAD reaches the @Head() route, GET the GET route', async () => {
  const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  await headRoutesWork((method, path, headers) => fetch(base + path, { method, headers }));
});

test.after(() => app.close());
test.run();
