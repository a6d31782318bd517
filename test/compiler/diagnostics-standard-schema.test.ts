// FW2501-FW2506: Standard Schema values in `@Body({ schema })`, `@Query({ schema })` and
// `ConfigModule.forRoot(schema)`, each reported at the user's line with its fix.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const at = (fixture: string, file: string) => (code: string, line: number, column: number, message: string, severity = 'error') => ({
  code, severity, file: `test/compiler/fixtures/${fixture}/src/${file}`, line, column, message,
});

test('FW2501-FW2504: a schema the tables cannot import, a value that is no Standard Schema, a declared type that contradicts the output or is the input', async () => {
  const result = await compileFixture('fw2501-standard-schema');
  const error = at('fw2501-standard-schema', 'app.module.ts');
  assert.equal(result.diagnostics.map(golden), [
    error('FW1007', 7, 7, 'Hidden is used by the route table as a request schema but is not exported from app.module.ts; the generated tables must import it.'),
    error('FW2501', 12, 28, 'The schema given to @Body is `makeSchema()`, which is not the name of a module-level const: the generated tables import the schema by name, so it must be resolvable at build time.'),
    error('FW2502', 17, 31, 'The schema given to @Body, notASchema, has type { validate: (value: unknown) => boolean; }, which is not a Standard Schema: it has no `~standard.validate`.'),
    error('FW2503', 22, 37, "Parameter 'todo' is declared as { name: number; }, but schema Todo of its @Body outputs { name: string; done: boolean; }, which is not assignable to it: the handler would receive a value of another type."),
    error('FW2504', 27, 37, "Parameter 'todo' is declared with the input type of schema Todo ({ name: string; done?: boolean | undefined; }), but its @Body hands the handler the schema's output ({ name: string; done: boolean; }), after defaults and transforms."),
  ]);
  assert.equal(result.diagnostics.slice(1).map((d) => d.hint), [
    'declare the schema at the top level of a module (`export const CreateTodo = z.object({ … })`) and pass its name: `{ schema: CreateTodo }`.',
    'pass a Zod 4, Valibot 1 or ArkType 2 schema (or any value implementing Standard Schema v1); an older library version may not implement it.',
    "declare it as `todo: StandardSchemaV1.InferOutput<typeof Todo>` (Zod: `z.output<typeof Todo>`, Valibot: `v.InferOutput<…>`, ArkType: `typeof Todo.infer`), or change the schema.",
    "declare it with the output type: `todo: StandardSchemaV1.InferOutput<typeof Todo>` (Zod: `z.output<typeof Todo>`, Valibot: `v.InferOutput<…>`, ArkType: `typeof Todo.infer`).",
  ]);
});

test('FW2505 and FW2305: an async configuration schema, and a key its output does not have', async () => {
  const result = await compileFixture('fw2505-config-schema-value');
  const error = at('fw2505-config-schema-value', 'app.module.ts');
  assert.equal(result.diagnostics.map(golden), [
    error('FW2305', 15, 50, "untyped.get('PROT') reads 'PROT', which Env or AsyncEnv does not declare: it returns undefined."),
    error('FW2505', 19, 42, 'Configuration schema AsyncEnv validates asynchronously, but ConfigModule.forRoot reads the environment synchronously at start: it would throw there.'),
  ]);
  assert.equal(result.diagnostics[0]?.hint, "did you mean 'PORT'? Write untyped.get('PORT').");
  assert.equal(result.diagnostics[1]?.hint, 'use the synchronous form of AsyncEnv (Valibot: `object` instead of `objectAsync`; no async refinements), and check anything that needs I/O in an application hook.');
});

test('FW2506: a schema whose module cannot be imported on its own is described as any JSON, with a warning', async () => {
  const result = await compileFixture('fw2506-unconverted-schema');
  assert.equal(result.diagnostics.map(golden), [
    at('fw2506-unconverted-schema', 'app.module.ts')('FW2506', 8, 26, 'The OpenAPI document describes schema Todo as any JSON: its JSON Schema could not be made (FW2506_DATABASE_URL is not set).', 'warning'),
  ]);
  assert.ok(result.ok, 'a warning does not fail the build');
  const document = JSON.parse(result.files.find((f) => f.path.endsWith('openapi.json'))!.text) as { paths: Record<string, { post: { requestBody: unknown } }> };
  assert.equal(document.paths['/todo']!.post.requestBody, { required: true, content: { 'application/json': { schema: {} } } });
});

test.run();
