// Regression: a DTO member's initialiser (`page: number = 1`) is its default, as in the instance
// NestJS's ValidationPipe makes with class-transformer (`new Dto()`, then the request's members).
// The instance was made without running the class, so a member the request left out reached the
// handler `undefined` though its type said `number`, and the default was never validated. It now
// applies to bodies, array bodies, nested DTOs and `@Query()` classes, compiled or left to
// class-validator, and is checked by the member's rules like a sent value.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/dto-member-defaults/src/orders.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/dto-member-defaults/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
const base = `http://127.0.0.1:${await app.listen(0)}`;
test.after(() => app.close());

async function call(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('the compiled validators are the ones under test', () => {
  const bodies = tables.routes.map((route) => route.body as { dto?: { name: string }; validate?: unknown } | undefined).filter((b) => b?.dto);
  assert.equal(bodies.map((b) => [b!.dto!.name, typeof b!.validate]), [['OrderDto', 'function'], ['OrderDto', 'function'], ['BrokenDefaultDto', 'function'], ['TaggedDto', 'undefined']]);
});

test('a member left out of a body takes its default; a sent one (null too) replaces it', async () => {
  assert.equal(await call('/orders', { item: 'tea' }), {
    status: 200,
    body: { class: 'OrderDto', item: 'tea', quantity: 1, note: 'none', shipping: { class: 'ShippingDto', method: 'post', insured: false }, tags: [] },
  });
  const sent = await call('/orders', { item: 'tea', quantity: 3, note: null, shipping: { method: 'courier' }, tags: ['x'] });
  assert.equal(sent.body, { class: 'OrderDto', item: 'tea', quantity: 3, note: null, shipping: { class: 'ShippingDto', method: 'courier', insured: false }, tags: ['x'] });
});

test('each element of an array body takes the defaults', async () => {
  assert.equal(await call('/orders/batch', [{ item: 'a' }, { item: 'b', quantity: 2, shipping: { method: 'courier' } }]), {
    status: 200,
    body: [{ quantity: 1, method: 'post' }, { quantity: 2, method: 'courier' }] as unknown as Record<string, unknown>,
  });
});

test('a default is checked by its member\'s rules', async () => {
  const answer = await call('/orders/broken', {});
  assert.is(answer.status, 400);
  assert.equal(answer.body['reasons'], [{ property: 'size', errorMessage: 'size must not be greater than 10', constraints: [10] }]);
  assert.equal((await call('/orders/broken', { size: 5 })).body, { class: 'BrokenDefaultDto', size: 5 });
});

test('a DTO left to class-validator takes its defaults the same way', async () => {
  assert.equal(await call('/orders/tagged', {}), { status: 200, body: { class: 'TaggedDto', tags: ['a'], rank: 3 } });
  assert.equal((await call('/orders/tagged', { tags: ['a', 'A'] })).status, 400);
});

test('a @Query() class takes its defaults for the keys the query leaves out', async () => {
  assert.equal(await call('/orders'), { status: 200, body: { class: 'PageQueryDto', page: 1, size: 20, order: 'asc' } });
  assert.equal(await call('/orders?size=5&order=desc'), { status: 200, body: { class: 'PageQueryDto', page: 1, size: 5, order: 'desc' } });
});

test.run();
