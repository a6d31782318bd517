// Golden tests of the OpenAPI diagnostics (FW21xx).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { golden } from '../compiler/helpers.js';
import { buildApiFixture, documentOf } from './helpers.js';

test('FW2101: a @throws whose status cannot be told is a warning at the tag; a written status is used', async () => {
  const result = await buildApiFixture('fw2101-throws');
  const file = 'test/openapi/fixtures/fw2101-throws/src/app.module.ts';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW2101', severity: 'warning', file, line: 10, column: 6,
      message: '@throws {QuotaError} on list names an exception whose status the compiler cannot tell, so the OpenAPI document leaves it out.',
    },
  ]);
  assert.is(result.diagnostics[0]!.hint, 'name a built-in exception class of @framework/core (@throws {NotFoundException} when …), or write the status after the type: @throws {QuotaError} 409 when ….');
  const responses = documentOf(result).paths['/items']!.get.responses;
  assert.equal(Object.keys(responses), ['200', '404', '429']);
  assert.is(responses['429'].description, 'QuotaError: when the caller used up its quota');
});

test('FW2102: two controllers of the same name with a handler of the same name would share an operation', async () => {
  const result = await buildApiFixture('fw2102-operation-id');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW2102', severity: 'error', file: 'test/openapi/fixtures/fw2102-operation-id/src/b/items.controller.ts', line: 6, column: 3,
      message: "ItemsController.list and ItemsController.list (a/items.controller.ts:6:3) get the same operation 'items.list' in the OpenAPI document and the typed client: two controllers with the same class name have a handler of the same name.",
    },
  ]);
  assert.is(result.ok, false);
});

test.run();
