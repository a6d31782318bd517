// A DTO member with an initialiser (`limit = 20`) may be left out of a request: the server makes the
// instance with `new Dto()` before it copies the request's members. The document and the typed
// client say so (not required, the literal as `default`), the answer's type keeps it required, and
// the running server fills the default in, for a body and for a `@Query()` class.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { STRICT_OPTIONS } from '../compiler/app-fixture.js';
import { buildApiFixture, documentOf, ROOT, schemaErrors } from './helpers.js';

const result = await buildApiFixture('defaults', true);
const document = documentOf(result);
const client = result.files.find((f) => f.path.endsWith('/client.ts'))!.text;
const OUT = path.join(ROOT, 'test/.tmp/openapi/defaults');

test('the document: an initialised member is not required, its literal is its default', async () => {
  assert.equal(result.diagnostics, []);
  assert.is(await schemaErrors(document), undefined);
  const page = document.components.schemas.PageDto;
  // `count = undefined` fills nothing its rule accepts: it stays required, as `title` (no initialiser).
  assert.equal(page.required, ['title', 'count']);
  assert.equal(page.properties.limit, { type: 'integer', minimum: 1, maximum: 100, description: 'How many notes it holds.', default: 20 });
  // An enum member and a `const` array are literals too; `@IsOptional()` keeps `null` allowed.
  assert.equal(page.properties.order, { enum: ['asc', 'desc'], default: 'asc' });
  assert.equal(page.properties.tags.default, ['all']);
  assert.equal(page.properties.offset, { type: ['integer', 'null'], default: 0 });
  // `Date.now()` is only known at run time: optional, without a default.
  assert.equal(page.properties.openedAt, { type: 'integer' });
  assert.equal(page.properties.count, { type: 'integer' });
});

test('the query of a @Query() class: an initialised member is an optional parameter with its default', () => {
  assert.equal(document.paths['/pages']!.get.parameters, [
    { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, description: 'How many notes a page holds.' },
    { name: 'order', in: 'query', required: false, schema: { enum: ['asc', 'desc'], default: 'asc' } },
  ]);
});

test('the answer: the same class returned is described from its type, where an initialised member is always present', () => {
  const answer = document.paths['/pages']!.post.responses['201'].content['application/json'].schema;
  assert.equal(answer, { $ref: '#/components/schemas/PageDto2' });
  assert.equal(document.components.schemas.PageDto2.required, ['title', 'limit', 'order', 'tags', 'openedAt']);
  assert.is(document.components.schemas.PageDto2.properties.limit.default, undefined);
});

test('the typed client: the member is optional in the request, with its default in the JSDoc, and required in the answer', () => {
  assert.match(client, '  /**\n   * How many notes it holds.\n   * @default 20\n   */\n  limit?: number;\n');
  assert.match(client, '  /** @default "asc" */\n  order?: "asc" | "desc";\n');
  assert.match(client, '  /** How many notes it holds. */\n  limit: number;\n');
  assert.match(client, 'query?: { limit?: number; order?: "asc" | "desc" }');
  // A caller that leaves the initialised members out compiles; one that leaves `title` out does not.
  const caller = path.join(OUT, 'caller.ts');
  fs.writeFileSync(
    caller,
    [
      "import { createClient } from './client.js';",
      "const api = createClient({ baseUrl: 'http://localhost' });",
      "export const opened = api.pages.open({ title: 'notes', count: 1 });",
      'export const listed = api.pages.list();',
      '// @ts-expect-error title is required',
      'export const untitled = api.pages.open({ count: 1 });',
      '',
    ].join('\n'),
  );
  const program = ts.createProgram([caller], STRICT_OPTIONS);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  assert.equal(errors, []);
});

const { FrameworkApplication } = await import('@framework/core');
const { tables } = (await import(`${OUT}/tables.ts`)) as { tables: ConstructorParameters<typeof FrameworkApplication>[0] };
const { AppModule } = await import('./fixtures/defaults/src/app.module.js');
const app = new FrameworkApplication(tables);
await app.init(AppModule);
const base = `http://127.0.0.1:${await app.listen(0)}`;

const open = (body: object): Promise<Response> =>
  fetch(`${base}/pages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('the running server: a body that leaves the initialised members out gets their defaults, as the document says', async () => {
  const body = { title: 'notes', count: 1 };
  const ajv = new Ajv2020({ strict: false });
  assert.ok(ajv.compile(document.components.schemas.PageDto as object)(body), 'the document accepts the body');
  const before = Date.now();
  const response = await open(body);
  assert.is(response.status, 201);
  const page = (await response.json()) as Record<string, unknown>;
  assert.equal({ ...page, openedAt: 0 }, { title: 'notes', limit: 20, order: 'asc', tags: ['all'], offset: 0, openedAt: 0, count: 1 });
  assert.ok((page.openedAt as number) >= before, 'openedAt is made when the request comes');
  // A value sent replaces the default, and is checked as ever.
  assert.is(((await (await open({ ...body, limit: 5 })).json()) as { limit: number }).limit, 5);
  assert.is((await open({ ...body, limit: 0 })).status, 400);
  // `count = undefined` is no default: leaving it out is refused, as the document's `required` says.
  const uncounted = await open({ title: 'notes' });
  assert.is(uncounted.status, 400);
  assert.equal(((await uncounted.json()) as { reasons: { property: string }[] }).reasons.map((r) => r.property), ['count']);
});

test('the running server: a query that leaves the initialised members out gets their defaults', async () => {
  assert.equal(await (await fetch(`${base}/pages`)).json(), { limit: 20, order: 'asc' });
  assert.equal(await (await fetch(`${base}/pages?limit=7&order=desc`)).json(), { limit: 7, order: 'desc' });
  assert.is((await fetch(`${base}/pages?limit=101`)).status, 400);
});

test.after(() => app.close());
test.run();
