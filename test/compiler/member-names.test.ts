// Members named by string or numeric literals (`'home-address'`, `'get-all'()`, `1e3`) or by a
// constant (`[LATEST]`) keep their run-time name in the tables; names known only at run time are FW1004.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFixture, startFixture, typeErrors } from './app-fixture.js';
import { compileFixture, golden } from './helpers.js';

test('literal and constant names are emitted as their values; the tables type-check', async () => {
  const result = await buildFixture('member-names');
  assert.equal(result.diagnostics, []);
  const text = result.files[0]!.text;
  assert.ok(text.includes("handler: PeopleController.prototype['get-all'],\n      invoke: (c: PeopleController) => c['get-all'](),"), text);
  assert.ok(text.includes('invoke: (c: PeopleController) => c.latest(),'), 'a computed name with a constant value');
  assert.ok(text.includes("members: ['name', 'home-address', '1000', 'nick-name'], nested: { 'home-address': { dto: $Address, each: false } }"), text);
  assert.ok(text.includes("const $Address: DtoEntry = { dto: Address, members: ['street'], validate: $validateAddress };"), text);
  assert.ok(text.includes("$o['home-address'] = $Address.validate!($v, path + 'home-address.', reasons);"), text);
  assert.not.match(text, /"'|'"/);
  assert.equal(typeErrors('member-names'), []);
});

test('the app calls the quoted handlers and validates the quoted nested member', async () => {
  await buildFixture('member-names');
  const app = await startFixture('member-names');
  try {
    assert.is(await (await fetch(`${app.base}/people/all`)).text(), 'all people');
    assert.is(await (await fetch(`${app.base}/people/latest`)).text(), 'the latest');
    const post = (body: unknown) => fetch(`${app.base}/people`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const person = { name: 'ada', 'home-address': { street: 'Main St' }, 1000: 7, 'nick-name': 'a' };
    assert.equal(await (await post(person)).json(), { street: 'Main St', isAddress: true });
    const bad = await post({ ...person, 'home-address': { street: 'x' } });
    assert.is(bad.status, 400, 'nested validation runs');
    const reasons = ((await bad.json()) as { reasons: { property: string }[] }).reasons;
    assert.equal(reasons.map((r) => r.property), ['home-address.street']);
  } finally {
    await app.close();
  }
});

test('a handler or body member named by a symbol is FW1004 (no name to call or read)', async () => {
  const result = await compileFixture('member-names-computed');
  const file = 'test/compiler/fixtures/member-names-computed/src/symbols.controller.ts';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1004', severity: 'error', file, line: 9, column: 3,
      message: 'The name of a member of body class TaggedDto must be static (an identifier or a string literal), but `[memberKey]` is only known at run time.',
    },
    {
      code: 'FW1004', severity: 'error', file, line: 15, column: 3,
      message: 'The name of a handler of SymbolsController must be static (an identifier or a string literal), but `[handlerKey]` is only known at run time.',
    },
  ]);
});

test.run();
