// Regression: a route under the global ThrottlerGuard that also names ThrottlerGuard (or a
// subclass) in `@UseGuard` was counted once per guard: each call took two or three hits, so a
// limit of 10 let 5 calls through (and 3 on a route with a third). framework-build emits a guard
// instance per provider, all sharing one ThrottlerConfig; a call is now counted once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { compileFixture } from '../compile-fixture.js';

let base = '';
let app: FrameworkApplication;

test.before(async () => {
  const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/double-guard/', import.meta.url));
  app = new FrameworkApplication(tables);
  await app.init(tables.rootModule);
  base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
});
test.after(() => app.close());

async function remaining(path: string, calls: number): Promise<(string | number)[]> {
  const seen: (string | number)[] = [];
  for (let i = 0; i < calls; i++) {
    const response = await fetch(base + path);
    await response.arrayBuffer();
    seen.push(response.status === 200 ? response.headers.get('x-ratelimit-remaining')! : response.status);
  }
  return seen;
}

const tenThen429 = ['9', '8', '7', '6', '5', '4', '3', '2', '1', '0', 429];

test('a route under the global ThrottlerGuard and its own @UseGuard(ThrottlerGuard) counts each call once', async () => {
  assert.equal(await remaining('/items', 11), tenThen429);
});

test('a route with a subclass too (three guards of one configuration) counts each call once', async () => {
  assert.equal(await remaining('/items/audited', 11), tenThen429);
});

test('a route under the global guard alone counts as before', async () => {
  assert.equal(await remaining('/plain', 11), tenThen429);
});

test.run();
