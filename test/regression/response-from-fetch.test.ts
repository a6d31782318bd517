// Regression: on Node, once `listen()` had started @hono/node-server, a Response the handler got
// from `fetch()` or built before `listen()` failed the `instanceof Response` check (the server
// swaps the global class) and was sent as the JSON `{}` with status 200.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/response-keeps-headers/src/app.module.js';

// Its own output folder: other suites compile this fixture too, possibly at the same time.
const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/response-keeps-headers/', import.meta.url), 'AppModule', 'generated-from-fetch');
const app = await new FrameworkApplication(tables).init(AppModule);
const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;

test('a Response from fetch() is sent as that Response', async () => {
  const response = await fetch(`${base}/pages/proxied`);
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/plain');
  assert.is(await response.text(), 'proxied');
});

test('a Response built before listen() is sent as that Response', async () => {
  const response = await fetch(`${base}/pages/shared`);
  assert.is(response.status, 202);
  assert.is(response.headers.get('x-owner'), 'response');
  assert.is(await response.text(), '');
});

test.after(() => app.close());
test.run();
