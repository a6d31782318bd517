// Regression: `@HttpCode(204)` (or 205, 304) on a handler that returns a value built
// `new Response(body, { status: 204 })`, which the Fetch standard rejects: a 500 after the
// handler's side effects had run (in-process and on Deno), a 204 carrying a body on Node.
// A null-body status answers without a body, whatever the handler returned.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/null-body-status/src/app.module.js';
import { runs } from './fixtures/null-body-status/src/items.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/null-body-status/', import.meta.url));
const logged: unknown[] = [];
const logger: Logger = { error: (message) => void logged.push(message), warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, { logger }).init(AppModule);

type Get = (path: string, method: string) => Promise<Response>;

async function answersWithoutBody(request: Get): Promise<void> {
  const before = runs.removed;
  const removed = await request('/items/7', 'DELETE');
  assert.is(removed.status, 204);
  assert.is(removed.headers.get('content-length'), null);
  assert.is(removed.headers.get('content-type'), null);
  assert.is(await removed.text(), '');
  assert.is(runs.removed, before + 1);

  const reset = await request('/items/reset', 'POST');
  assert.is(reset.status, 205);
  assert.is(await reset.text(), '');

  const cached = await request('/items/cached', 'GET');
  assert.is(cached.status, 304);
  assert.is(await cached.text(), '');
  assert.equal(logged, []);
}

test('in process: 204, 205 and 304 answer without a body although the handler returned one', () =>
  answersWithoutBody(async (path, method) => app.fetch(new Request(`http://in-process${path}`, { method }))));

test('over Node: 204, 205 and 304 answer without a body although the handler returned one', async () => {
  const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  await answersWithoutBody((path, method) => fetch(base + path, { method }));
});

test.after(() => app.close());
test.run();
