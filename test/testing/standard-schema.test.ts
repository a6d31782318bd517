// Standard Schema bodies and queries through @framework/testing's in-process requests: the same
// matrix as over HTTP (test/http/standard-schema.test.ts), each answer the library's own verdict.
import type { ApplicationTables } from '@framework/core';
import { Test, type TestingModule } from '@framework/testing';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { expectedReasons, INVALID_TODOS, VALID_TODO } from '../http/fixtures/standard-schema/expected-reasons.js';
import { ArkCreateTodo, ValibotCreateTodo, ZodCreateTodo } from '../http/fixtures/standard-schema/src/schemas.js';

// Its own output folder: the HTTP suite builds the same fixture, maybe at the same time.
const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../http/fixtures/standard-schema/', import.meta.url), 'AppModule', 'generated-testing');

const inProcess = suite<{ t: TestingModule }>('Standard Schema bodies and queries in process');
inProcess.before(async (context) => {
  context.t = await Test.createTestingModule(tables).compile();
});
inProcess.after(async ({ t }) => t.close());

for (const [prefix, schema] of [['zod', ZodCreateTodo], ['valibot', ValibotCreateTodo], ['arktype', ArkCreateTodo]] as const) {
  inProcess(`${prefix}: valid, extra, each invalid member, missing and malformed bodies`, async ({ t }) => {
    const valid = await t.request(`/${prefix}/todo`, { method: 'POST', body: { ...VALID_TODO, extra: 1 } });
    assert.is(valid.status, 200);
    assert.equal(await valid.json(), { plain: true, value: { ...VALID_TODO, done: false } });
    for (const { what, body } of INVALID_TODOS) {
      const answer = await t.request(`/${prefix}/todo`, { method: 'POST', body });
      assert.is(answer.status, 400, what);
      assert.equal(((await answer.json()) as { reasons: unknown }).reasons, await expectedReasons(schema, body), what);
    }
    const malformed = await t.request(`/${prefix}/todo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name"' });
    assert.is(malformed.status, 400);
    assert.is(((await malformed.json()) as { name: string }).name, 'MalformedBodyException');
  });
}

inProcess('a query schema coerces the text and answers NotValidQueryException for a bad value', async ({ t }) => {
  assert.equal(await (await t.request('/zod/todos?limit=4')).json(), { plain: true, value: { limit: 4 } });
  const bad = await t.request('/zod/todos?limit=0');
  assert.is(bad.status, 400);
  assert.is(((await bad.json()) as { name: string }).name, 'NotValidQueryException');
});

inProcess.run();
