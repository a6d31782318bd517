// Regression: `JSON.parse` keeps a `__proto__` member as a plain one, and a free-form value
// (`@IsObject()`, an unvalidated body) reached the handler with it: a handler merging it into an
// object (`Object.assign(settings, dto.meta)`) set that object's prototype. Such bodies are a 400
// now, as Fastify's parser answers, at any depth; a `constructor` holding `prototype` too.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../validation/fixtures/differential/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../validation/fixtures/differential/', import.meta.url));
const app = await new FrameworkApplication(tables).init(AppModule);
const port = await app.listen({ port: 0, host: '127.0.0.1' });

/** A valid body of EverythingDto around `meta`, given as JSON text (`JSON.stringify` would drop a `__proto__` key). */
const post = (meta: string) =>
  fetch(`http://127.0.0.1:${port}/shapes/everything`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"code":"ab","score":1,"count":1,"flag":false,"email":"a@b.co","words":["a"],"required":"x","consent":"yes","address":{"street":"Main"},"meta":${meta}}`,
  });

test('a free-form member without prototype keys is taken as sent', async () => {
  const response = await post('{"constructor":"a name","list":[{"prototype":1}]}');
  assert.ok(response.status < 300, `${response.status} ${await response.clone().text()}`);
  assert.equal(((await response.json()) as { meta: unknown }).meta, { constructor: 'a name', list: [{ prototype: 1 }] });
});

for (const [name, body, member] of [
  ['__proto__ in an @IsObject() member', '{"__proto__":{"isAdmin":true}}', '__proto__'],
  ['__proto__ deep in an array', '{"list":[{"a":{"__proto__":{"isAdmin":true}}}]}', '__proto__'],
  ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}', 'constructor.prototype'],
] as const) {
  test(`${name} is refused with a 400 naming the member`, async () => {
    const response = await post(body);
    assert.is(response.status, 400);
    assert.is(((await response.json()) as { message: string }).message, `Request body must not contain the member '${member}'`);
  });
}

test.after(() => app.close());
test.run();
