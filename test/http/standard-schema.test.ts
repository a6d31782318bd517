// Zod, Valibot and ArkType schemas in `@Body({ schema })` and `@Query({ schema })`, over real HTTP
// (run on both HTTP paths by test/run.mjs): the request matrix of the class-validator suites, each
// answer compared with what the library itself says of the same value, on the one-step body path
// and behind a guard alike; the typed client framework-build emits from the same schemas.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { build } from '@framework/compiler';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AppModule } from './fixtures/standard-schema/src/app.module.js';
import * as schemas from './fixtures/standard-schema/src/schemas.js';
import { expectedReasons, INVALID_TODOS, VALID_TODO, type Reason } from './fixtures/standard-schema/expected-reasons.js';

const FIXTURE = new URL('./fixtures/standard-schema/', import.meta.url);
const built = await build({ srcDir: fileURLToPath(new URL('src', FIXTURE)), outDir: fileURLToPath(new URL('generated', FIXTURE)), root: 'AppModule', write: true, client: true });
if (!built.ok) throw new Error(built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
const { tables } = (await import(new URL('generated/tables.ts', FIXTURE).href)) as { tables: ApplicationTables };
/** What this suite calls of the client written just above (so it cannot be imported by name before the suite runs). */
interface ClientModule {
  createClient(options: { baseUrl: string }): Record<'zod' | 'valibot' | 'arkType', { createTodo(todo: object): Promise<unknown>; list(options: { query: object }): Promise<unknown> }>;
  BadRequestError: abstract new (...args: never[]) => BadRequest;
}
type BadRequest = Error & { readonly reasons: readonly { readonly property: string }[] };
const { createClient, BadRequestError } = (await import(new URL('generated/client.ts', FIXTURE).href)) as ClientModule;

const LIBRARIES = [
  { prefix: 'zod', todo: schemas.ZodCreateTodo, order: schemas.ZodCreateOrder },
  { prefix: 'valibot', todo: schemas.ValibotCreateTodo, order: schemas.ValibotCreateOrder },
  { prefix: 'arktype', todo: schemas.ArkCreateTodo, order: schemas.ArkCreateOrder },
] as const;

const VALID_ORDER = {
  email: 'ada@example.com',
  customer: 'Ada',
  deliverBy: '2026-12-01T10:00:00Z',
  lines: [{ productId: '3b241101-e2bb-4255-8caf-4136c566a962', quantity: 2, notes: ['fragile'] }],
  colors: ['#fff'],
};

const http = suite<{ app: FrameworkApplication; base: string }>('Standard Schema bodies and queries over HTTP');

http.before(async (context) => {
  context.app = await new FrameworkApplication(tables).init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0)}`;
});
http.after(async ({ app }) => app.close());

async function post(base: string, path: string, body: string, type = 'application/json'): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

for (const { prefix, todo } of LIBRARIES) {
  http(`${prefix}: a valid body reaches the handler as the schema's output (default applied, extra member stripped)`, async ({ base }) => {
    for (const route of ['todo', 'guarded-todo']) {
      const answer = await post(base, `/${prefix}/${route}`, JSON.stringify({ ...VALID_TODO, extra: true }));
      assert.is(answer.status, 200, route);
      assert.equal(answer.json, { plain: true, value: { ...VALID_TODO, done: false } }, route);
    }
  });

  http(`${prefix}: each invalid member and a missing body are a 400 with the library's issues, in its order`, async ({ base }) => {
    for (const { what, body, properties } of INVALID_TODOS) {
      const expected = await expectedReasons(todo, body);
      for (const route of ['todo', 'guarded-todo']) {
        const answer = await post(base, `/${prefix}/${route}`, JSON.stringify(body));
        assert.is(answer.status, 400, `${what} (${route})`);
        assert.is(answer.json.name, 'NotValidBodyException', what);
        assert.equal(answer.json.reasons, expected, `${what} (${route})`);
        // The library's order is the one asserted above (ArkType sorts by key); here only which members.
        assert.equal((answer.json.reasons as Reason[]).map((r) => r.property).sort(), [...properties].sort(), what);
        assert.is(answer.json.message, `Invalid request body: ${expected.map((r) => r.errorMessage).join('; ')}`, what);
      }
    }
  });

  http(`${prefix}: wrong JSON, a wrong content type, an empty body and a JSON array are 400s naming the schema`, async ({ base }) => {
    for (const route of ['todo', 'guarded-todo']) {
      const malformed = await post(base, `/${prefix}/${route}`, '{"name":');
      assert.is(malformed.status, 400);
      assert.is(malformed.json.name, 'MalformedBodyException');
      const wrongType = await post(base, `/${prefix}/${route}`, JSON.stringify(VALID_TODO), 'text/plain');
      assert.is(wrongType.status, 400);
      assert.match(String(wrongType.json.message), `expects a JSON object matching ${prefix === 'zod' ? 'Zod' : prefix === 'valibot' ? 'Valibot' : 'Ark'}CreateTodo`);
      const empty = await post(base, `/${prefix}/${route}`, '');
      assert.is(empty.status, 400);
      const array = await post(base, `/${prefix}/${route}`, '[1,2]');
      assert.is(array.status, 400);
      assert.is(array.json.name, 'NotValidBodyException');
    }
  });
}

for (const { prefix, order } of LIBRARIES) {
  http(`${prefix}: a nested order is validated to its lines, the path joined like a DTO's`, async ({ base }) => {
    const valid = await post(base, `/${prefix}/order`, JSON.stringify(VALID_ORDER));
    assert.is(valid.status, 200);
    assert.equal((valid.json.value as { lines: unknown }).lines, VALID_ORDER.lines);
    const body = { ...VALID_ORDER, lines: [VALID_ORDER.lines[0], { productId: 'nope', quantity: 0 }] };
    const invalid = await post(base, `/${prefix}/order`, JSON.stringify(body));
    assert.is(invalid.status, 400);
    assert.equal(invalid.json.reasons, await expectedReasons(order, body));
    const properties = (invalid.json.reasons as Reason[]).map((r) => r.property);
    assert.ok(properties.includes('lines.1.productId') && properties.includes('lines.1.quantity'), properties.join());
  });
}

http('a query object is handed to its schema as text, coerced and defaulted there; a bad value is a 400 naming it', async ({ base }) => {
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  assert.equal((await get('/zod/todos?limit=5&sort=asc')).json, { plain: true, value: { limit: 5, sort: 'asc' } });
  assert.equal((await get('/zod/todos')).json, { plain: true, value: { limit: 20 } });
  assert.equal((await get('/valibot/todos?limit=7')).json, { plain: true, value: { limit: 7 } });
  assert.equal((await get('/arktype/todos?limit=9&sort=desc')).json, { plain: true, value: { limit: 9, sort: 'desc' } });
  for (const prefix of ['zod', 'valibot', 'arktype']) {
    const bad = await get(`/${prefix}/todos?limit=abc`);
    assert.is(bad.status, 400, prefix);
    assert.is(bad.json.name, 'NotValidQueryException', prefix);
    assert.equal((bad.json.reasons as Reason[]).map((r) => r.property), ['limit'], prefix);
  }
});

http('an async schema is awaited: its refinement answers a 400, a valid body reaches the handler', async ({ base }) => {
  const taken = await post(base, '/zod/unique-todo', JSON.stringify({ ...VALID_TODO, name: 'taken' }));
  assert.is(taken.status, 400);
  assert.equal(taken.json.reasons, [{ property: 'name', errorMessage: 'name is taken', constraints: ['custom'] }]);
  const fine = await post(base, '/zod/unique-todo', JSON.stringify(VALID_TODO));
  assert.equal(fine.json, { plain: true, value: { ...VALID_TODO, done: false } });
});

http('the typed client sends the schema\'s input and throws BadRequestError with the reasons', async ({ base }) => {
  const api = createClient({ baseUrl: base });
  assert.equal(await api.zod.createTodo({ name: 'milk', priority: 1, colorLabel: '#abc' }), { plain: true, value: { name: 'milk', priority: 1, colorLabel: '#abc', done: false } });
  assert.equal(await api.arkType.createTodo({ name: 'milk', priority: 1, colorLabel: '#abc', done: true }), { plain: true, value: { name: 'milk', priority: 1, colorLabel: '#abc', done: true } });
  const refused = await api.valibot.createTodo({ name: '', priority: 1, colorLabel: '#abc' }).catch((error: unknown) => error);
  assert.instance(refused, BadRequestError);
  assert.equal((refused as BadRequest).reasons.map((r) => r.property), ['name']);
  assert.equal(await api.zod.list({ query: { limit: 3 } }), { plain: true, value: { limit: 3 } });
});

http.run();
