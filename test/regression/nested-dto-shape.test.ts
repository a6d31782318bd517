// Regression: a @ValidateNested() member holding the wrong JSON shape (an array or a string where
// an object is declared, an object where an array of objects is, or nothing at all) skipped
// validation: class-validator found no rules for the plain value, whitelist emptied it, and the
// handler crashed on it (500). Such bodies are now a 400 whose reason names the member.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/nested-dto-shape/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/nested-dto-shape/', import.meta.url));
const logged: unknown[] = [];
const logger: Logger = { error: (...args) => void logged.push(args), warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, { logger }).init(AppModule);

interface Answer {
  status: number;
  body: { message?: string; reasons?: { property: string; errorMessage: string; constraints: unknown[] }[] } & Record<string, unknown>;
}

async function post(body: Record<string, unknown>): Promise<Answer> {
  const response = await app.fetch(
    new Request('http://in-process/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const valid = { customer: 'ada', address: { street: 'Main St' }, items: [{ quantity: 2 }] };

/** The reasons of a 400, as [property, errorMessage] pairs. */
async function reasons(body: Record<string, unknown>): Promise<[string, string][]> {
  const answer = await post(body);
  assert.is(answer.status, 400, `expected a 400, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  assert.is(answer.body['name'], 'NotValidBodyException');
  return answer.body.reasons!.map((r) => [r.property, r.errorMessage]);
}

test('a well-formed body still reaches the handler', async () => {
  assert.equal(await post(valid), { status: 200, body: { street: 'MAIN ST', lat: null, quantities: [2], gift: null } });
  const full = { ...valid, address: { street: 'Main St', geo: { lat: 1.5 } }, gift: { note: 'thanks' } };
  assert.equal(await post(full), { status: 200, body: { street: 'MAIN ST', lat: 1.5, quantities: [2], gift: 'THANKS' } });
});

test('an object member given an array, a string, null or nothing: "<member> must be an object"', async () => {
  for (const address of [[{ street: 42 }], [{ street: 'Main St' }], 'x', 7, null, true]) {
    assert.equal(await reasons({ ...valid, address }), [['address', 'address must be an object']], JSON.stringify(address));
  }
  const { address: _, ...withoutAddress } = valid;
  assert.equal(await reasons(withoutAddress), [['address', 'address must be an object']]);
});

test('an array member given an object, a string or elements that are not objects: "<member> must be an array of objects"', async () => {
  for (const items of [{ quantity: 1 }, 'abc', ['x'], [null], [[{ quantity: 1 }]], [{ quantity: 1 }, 2]]) {
    assert.equal(await reasons({ ...valid, items }), [['items', 'items must be an array of objects']], JSON.stringify(items));
  }
});

test('one level down, the reason names the full path', async () => {
  assert.equal(await reasons({ ...valid, address: { street: 'Main St', geo: [{ lat: 1 }] } }), [['address.geo', 'geo must be an object']]);
  assert.equal(await reasons({ ...valid, address: { street: 5, geo: 'north' } }), [
    ['address.street', 'street must be a string'],
    ['address.geo', 'geo must be an object'],
  ]);
});

test('@IsOptional() nested members may be missing or null, but not of another shape', async () => {
  assert.is((await post({ ...valid, gift: null })).status, 200);
  assert.is((await post({ ...valid, address: { street: 'Main St', geo: null } })).status, 200);
  assert.equal(await reasons({ ...valid, gift: 'x' }), [['gift', 'gift must be an object']]);
});

test('shape reasons come with the other reasons, in declaration order', async () => {
  assert.equal(await reasons({ customer: 5, address: 'x', items: [{ quantity: 0 }] }), [
    ['customer', 'customer must be a string'],
    ['address', 'address must be an object'],
    ['items.0.quantity', 'quantity must not be less than 1'],
  ]);
  const answer = await post({ customer: 'ada', address: 'x', items: 'y' });
  assert.is(answer.body.message, 'Invalid request body: address must be an object; items must be an array of objects');
});

test('members named __proto__ or constructor are still refused, nested ones too', async () => {
  for (const text of ['{"customer":"ada","address":{"street":"Main St"},"items":[{"quantity":1,"constructor":1}]}', '{"__proto__":{"customer":"x"}}']) {
    const response = await app.fetch(new Request('http://in-process/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }));
    assert.is(response.status, 400);
    assert.match(((await response.json()) as { message: string }).message, 'must not contain the member');
  }
});

test('no wrong shape ever reached the handler', () => {
  assert.equal(logged, []);
});

test.after(() => app.close());
test.run();
