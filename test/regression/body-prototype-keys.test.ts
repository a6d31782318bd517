// Regression: a body with a `constructor` or `__proto__` member used to hide the DTO's class from
// class-validator, so the body passed unvalidated.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../http/fixtures/app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../http/fixtures/app/', import.meta.url));
const app = await new FrameworkApplication(tables).init(AppModule);

const post = (text: string) =>
  app.fetch(new Request('http://in-process/features/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }));

for (const [name, body] of [
  ['constructor', '{"constructor": 1, "customer": 5}'],
  ['__proto__', '{"__proto__": {"customer": "x", "address": {"street": "Main"}, "items": [{"quantity": 1}]}}'],
  ['nested __proto__', '{"customer": "ada", "address": {"__proto__": {"street": "Main"}}, "items": [{"quantity": 1}]}'],
]) {
  test(`a body with a ${name} member is refused with a 400`, async () => {
    const response = await post(body!);
    assert.is(response.status, 400);
    assert.match(((await response.json()) as { message: string }).message, 'must not contain the member');
  });
}

test.after(() => app.close());
test.run();
