// `@Body() items: ItemDto[]` over a real socket: a JSON array whose elements are validated by the
// DTO's compiled validator (on the bare path and in a guarded chain) or by class-validator, with a
// DTO body's whitelisting and instances; anything but an array is a 400, and every reason names its
// element as NestJS's ParseArrayPipe does (`[1] name must be a string`).
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { medianMs, scalesLinearly } from '../reliability/fixtures/linear-time.js';
import { AppModule } from './fixtures/array-bodies/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/array-bodies/', import.meta.url));
const app = new FrameworkApplication(tables, { maxValidationReasons: 4 });
await app.init(AppModule);
const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}/batch`;

interface Answer {
  readonly status: number;
  readonly body: { message?: string; name?: string; reasons?: { property: string; errorMessage: string }[] } & Record<string, unknown>;
}

async function post(path: string, body: string): Promise<Answer> {
  const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const reasonsOf = (answer: Answer): [string, string][] | undefined => answer.body.reasons?.map((r) => [r.property, r.errorMessage]);

test('a valid array reaches the handler as instances of the DTO, each element whitelisted', async () => {
  for (const path of ['/items', '/generic', '/readonly']) {
    const answer = await post(path, JSON.stringify([{ name: 'ab', extra: 1 }, { name: 'cd', quantity: 2, tag: { label: 'x', colour: 'red' } }]));
    assert.is(answer.status, 200, path);
    assert.equal(
      answer.body,
      [
        { cls: 'ItemDto', tag: null, members: { name: 'ab' } },
        { cls: 'ItemDto', tag: 'TagDto', members: { name: 'cd', quantity: 2, tag: { label: 'x' } } },
      ] as unknown,
      path,
    );
  }
  assert.equal((await post('/items', '[]')).body, [] as unknown, 'an empty array is an array');
});

test('a body that is not a JSON array is a 400 saying what came instead', async () => {
  for (const path of ['/items', '/generic', '/lines']) {
    const dto = path === '/lines' ? 'LineDto' : 'ItemDto';
    for (const [body, got] of [['{}', 'an object'], ['"x"', 'string'], ['null', 'null'], ['3', 'number']]) {
      const answer = await post(path, body!);
      assert.is(answer.status, 400, `${path} ${body}`);
      assert.equal(answer.body.message, `Request body must be a JSON array of ${dto}, got ${got}`, `${path} ${body}`);
    }
    const empty = await post(path, '');
    assert.is(empty.status, 400);
    assert.match(String(empty.body.message), `expects a JSON array of ${dto}`);
  }
});

test("a bad element is a 400 whose reasons name its index, compiled or on class-validator", async () => {
  const items = await post('/items', JSON.stringify([{ name: 'ok' }, { name: 1 }, 7, { name: 'ok', tag: { label: 2 } }]));
  assert.is(items.status, 400);
  assert.equal(reasonsOf(items), [
    ['1.name', '[1] name must be a string'],
    ['1.name', '[1] name must be longer than or equal to 2 characters'],
    ['2', '[2] item must be a JSON object matching ItemDto, got number'],
    ['3.tag.label', '[3] label must be a string'],
  ]);
  assert.match(items.body.message!, /^Invalid request body: \[1\] name must be a string; /);
  // The guarded route validates in the chain: the same answer.
  assert.equal(reasonsOf(await post('/generic', JSON.stringify([{ name: 'ok' }, { name: 1 }, 7, { name: 'ok', tag: { label: 2 } }]))), reasonsOf(items));
  const lines = await post('/lines', JSON.stringify([{ sku: 'a', count: 2, extra: true }, { sku: 3, count: 3 }, 'x']));
  assert.is(lines.status, 400);
  assert.equal(reasonsOf(lines), [
    ['1.sku', '[1] sku must be a string'],
    ['1.count', '[1] count must be even'],
    ['2', '[2] item must be a JSON object matching LineDto, got string'],
  ]);
  const good = await post('/lines', JSON.stringify([{ sku: 'a', count: 2, extra: true }]));
  assert.equal(good.body, [{ cls: 'LineDto', tag: null, members: { sku: 'a', count: 2 } }] as unknown, 'class-validator whitelists each element too');
});

test('the reasons stop at maxValidationReasons over all elements, however long the array', async () => {
  const bad = JSON.stringify(Array.from({ length: 1000 }, () => ({ name: 1 })));
  for (const path of ['/items', '/generic']) {
    const answer = await post(path, bad);
    assert.is(answer.status, 400);
    assert.equal(reasonsOf(answer), [
      ['0.name', '[0] name must be a string'],
      ['0.name', '[0] name must be longer than or equal to 2 characters'],
      ['1.name', '[1] name must be a string'],
      ['1.name', '[1] name must be longer than or equal to 2 characters'],
      ['', 'and more: checking stopped after 4 reasons'],
    ], path);
  }
  const lines = await post('/lines', JSON.stringify(Array.from({ length: 1000 }, () => ({ sku: 1, count: 1 }))));
  assert.equal(reasonsOf(lines)?.at(-1), ['', 'and more: checking stopped after 4 reasons']);
  assert.is(lines.body.reasons?.length, 5);
});

test('reasons that reach maxValidationReasons exactly, the rest valid, are all listed, without an "and more"', async () => {
  const items = await post('/items', JSON.stringify([{ name: 1 }, { name: 1 }, { name: 'ok' }]));
  const lines = await post('/lines', JSON.stringify([{ sku: 1, count: 1 }, { sku: 1, count: 1 }, { sku: 'a', count: 2 }]));
  for (const answer of [items, lines]) {
    assert.is(answer.status, 400);
    assert.is(answer.body.reasons?.length, 4, JSON.stringify(answer.body.reasons));
    assert.not.match(answer.body.message!, /and more/);
  }
});

test('valid arrays take time linear in their length, compiled or on class-validator', async () => {
  const send = (path: string, count: number) => async () => {
    const answer = await post(path, JSON.stringify(Array.from({ length: count }, (_, i) => ({ name: 'ab', sku: 's', count: 2 * i }))));
    assert.is(answer.status, 200);
  };
  for (const [path, small] of [['/items', 1000], ['/lines', 200]] as const) {
    const verdict = scalesLinearly(await medianMs(send(path, small)), await medianMs(send(path, small * 10)));
    assert.ok(verdict.ok, `${path}: ${verdict.message}`);
  }
});

test.after(() => app.close());
test.run();
