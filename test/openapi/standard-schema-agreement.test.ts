// The document's components for Zod, Valibot and ArkType bodies come from the libraries' own JSON
// Schema conversions (framework-build's extraction step): random bodies (fast-check) judged by the
// component (Ajv, draft 2020-12) are sent to the running app, which must accept exactly those.
import fc from 'fast-check';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { build } from '@framework/compiler';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const FIXTURE = new URL('../http/fixtures/standard-schema/', import.meta.url);
// Its own output folder: other suites build the same fixture, maybe at the same time.
const built = await build({ srcDir: fileURLToPath(new URL('src', FIXTURE)), outDir: fileURLToPath(new URL('generated-openapi', FIXTURE)), root: 'AppModule', write: true });
if (!built.ok) throw new Error(built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
interface Operation {
  requestBody?: { content: { 'application/json': { schema: object } } };
  parameters?: { name: string; in: string; required: boolean }[];
}
const document = JSON.parse(built.files.find((f) => f.path.endsWith('openapi.json'))!.text) as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };
const { tables } = (await import(new URL('generated-openapi/tables.ts', FIXTURE).href)) as { tables: ApplicationTables };
const { AppModule } = await import('../http/fixtures/standard-schema/src/app.module.js');

const ajv = new Ajv2020({ strict: false });
ajv.addSchema({ $id: 'doc', components: document.components } as object);
const judge = (ref: object) => ajv.compile(JSON.parse(JSON.stringify(ref).replaceAll('"#/components/', '"doc#/components/')) as object) as (value: unknown) => boolean;

const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: invalid, weight: 1 });
const todo = fc.record(
  {
    name: mostly(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(fc.constant(''), fc.integer())),
    priority: mostly(fc.integer({ min: -5, max: 5 }), fc.constantFrom('1', null)),
    colorLabel: mostly(fc.constantFrom('#fff', 'ABC', '#12345678', 'abcd'), fc.constantFrom('red', '#12', '#GGG', 3)),
    done: mostly(fc.boolean(), fc.constantFrom('yes', 0)),
  },
  { requiredKeys: [] },
);

test('each todo component is the library\'s conversion, named after its const', () => {
  for (const name of ['ZodCreateTodo', 'ValibotCreateTodo', 'ArkCreateTodo']) {
    const component = document.components.schemas[name] as { type?: string; properties?: Record<string, unknown>; required?: string[] };
    assert.is(component?.type, 'object', name);
    assert.equal(Object.keys(component.properties ?? {}).sort(), ['colorLabel', 'done', 'name', 'priority'], name);
    assert.equal([...(component.required ?? [])].sort(), ['colorLabel', 'name', 'priority'], `${name}: done has a default, so the input may leave it out`);
  }
  const list = document.paths['/zod/todos']!.get!.parameters!;
  assert.equal(list.map((p) => [p.name, p.in, p.required]), [['limit', 'query', false], ['sort', 'query', false]]);
});

test('the running app accepts a body exactly when its component in the document does', async () => {
  const app = await new FrameworkApplication(tables).init(AppModule);
  const base = `http://127.0.0.1:${await app.listen(0)}`;
  try {
    for (const prefix of ['zod', 'valibot', 'arktype']) {
      const accepts = judge(document.paths[`/${prefix}/todo`]!.post!.requestBody!.content['application/json'].schema);
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(todo, async (value) => {
          const response = await fetch(`${base}/${prefix}/todo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
          await response.arrayBuffer();
          if (response.status === 200) accepted++;
          return (response.status === 200) === accepts(value);
        }),
        { numRuns: 150 },
      );
      assert.ok(accepted > 10, `${prefix}: both sides reached (${accepted} accepted)`);
    }
  } finally {
    await app.close();
  }
});

test.run();
