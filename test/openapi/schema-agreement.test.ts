// The document cannot disagree with the server: random bodies (fast-check) are judged by the
// request body's JSON Schema (Ajv, draft 2020-12) and sent to the running fixture app; the server
// accepts exactly the bodies the schema accepts, and every answer's status and body are ones the
// document lists.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildApiFixture, documentOf, ROOT } from './helpers.js';

const result = await buildApiFixture('rules', true);
const document = documentOf(result);
const ajv = new Ajv2020({ strict: false, allErrors: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'doc', components: document.components } as object);

function schemaOf(ref: object): (value: unknown) => boolean {
  // `$ref`s of the document point into the registered `doc`.
  const rewritten = JSON.parse(JSON.stringify(ref).replaceAll('"#/components/', '"doc#/components/')) as object;
  return ajv.compile(rewritten) as (value: unknown) => boolean;
}

const { FrameworkApplication } = await import('@framework/core');
const { tables } = (await import(`${ROOT}test/.tmp/openapi/rules/tables.ts`)) as { tables: ConstructorParameters<typeof FrameworkApplication>[0] };
const { AppModule } = await import('./fixtures/rules/src/app.module.js');
const app = new FrameworkApplication(tables);
await app.init(AppModule);
const base = `http://127.0.0.1:${await app.listen(0)}`;

/** Mostly a valid value, sometimes an invalid one: both sides of every rule are reached. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) => fc.oneof({ arbitrary: valid, weight: 7 }, { arbitrary: invalid, weight: 1 });
const coordinate = mostly(fc.integer({ min: -1000, max: 1000 }), fc.oneof(fc.integer({ min: 1001, max: 1200 }), fc.double(), fc.constant('1')));
const point = fc.record({ x: coordinate, y: coordinate }, { requiredKeys: ['x'] });
const body = fc.record(
  {
    name: mostly(fc.string({ minLength: 2, maxLength: 10 }), fc.oneof(fc.string({ maxLength: 12 }), fc.integer())),
    kind: mostly(fc.constantFrom('circle', 'square'), fc.constantFrom('triangle', 1)),
    color: mostly(fc.constantFrom('#fff', 'abc', '#12345678', 'ABCD'), fc.oneof(fc.constantFrom('#12', 'red', '#GGG'), fc.string({ maxLength: 9 }))),
    layer: mostly(fc.constantFrom(1, 2, 3), fc.constantFrom(4, '1')),
    size: mostly(fc.double({ min: 0.001, max: 1e6, noNaN: true }), fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -2, max: 0 }))),
    origin: mostly(point, fc.constantFrom(null, [], 'o')),
    path: mostly(fc.array(point, { minLength: 1, maxLength: 3 }), fc.oneof(fc.array(point, { maxLength: 5 }), fc.constant('x'))),
    tag: mostly(fc.constantFrom('abc', 'z', null), fc.oneof(fc.constantFrom('aBc', ''), fc.string({ maxLength: 4 }))),
    owner: mostly(fc.constantFrom('a@b.io', null), fc.constantFrom('nobody', 3)),
    notes: mostly(fc.array(fc.constantFrom('n', 'note'), { maxLength: 3 }), fc.oneof(fc.array(fc.constantFrom('n', '', 7), { maxLength: 3 }), fc.constantFrom('solo', '', null))),
    filled: mostly(fc.constantFrom(true, false, null), fc.constant('yes')),
  },
  { requiredKeys: ['name', 'kind', 'color', 'layer', 'size', 'origin'] },
);

const draw = document.paths['/shapes']!.post;
const accepts = schemaOf(draw.requestBody.content['application/json'].schema);
const listed = (status: number): boolean => String(status) in draw.responses;

test('the server accepts a body exactly when its schema in the document does', async () => {
  let agreed = 0;
  let acceptedCount = 0;
  await fc.assert(
    fc.asyncProperty(body, async (value) => {
      const response = await fetch(`${base}/shapes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
      const answer = (await response.json()) as unknown;
      assert.ok(listed(response.status), `status ${response.status} is listed`);
      const schemaSays = accepts(JSON.parse(JSON.stringify(value)));
      assert.is(response.status === 201, schemaSays, `${JSON.stringify(value)} → ${response.status} ${JSON.stringify(answer)}`);
      const bodySchema = schemaOf(draw.responses[String(response.status)].content['application/json'].schema);
      assert.ok(bodySchema(answer), `the ${response.status} body matches its schema: ${JSON.stringify(answer)}`);
      agreed++;
      if (schemaSays) acceptedCount++;
    }),
    { numRuns: 300, seed: 18 },
  );
  assert.is(agreed, 300);
  assert.ok(acceptedCount >= 10, `only ${acceptedCount} of 300 bodies were valid: the generator must reach both sides`);
});

test('valid bodies are accepted: a sample of the schema goes through', async () => {
  const valid = { name: 'disc', kind: 'circle', color: '#ff8800', layer: 2, size: 1.5, origin: { x: 1, y: 2 }, path: [{ x: 0, y: 0 }], tag: 'abc', notes: ['n'] };
  assert.ok(accepts(valid));
  const response = await fetch(`${base}/shapes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid) });
  assert.is(response.status, 201);
});

test('an array body: the server accepts exactly the arrays its schema accepts, whatever else is sent', async () => {
  const addPoints = document.paths['/shapes/points']!.post;
  const acceptsPoints = schemaOf(addPoints.requestBody.content['application/json'].schema);
  const bodies = mostly(fc.array(point, { maxLength: 4 }), fc.oneof(point, fc.constantFrom(null, 'p', 3, {}), fc.array(fc.oneof(point, fc.constantFrom(null, 'p')), { minLength: 1, maxLength: 3 })));
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(bodies, async (value) => {
      const response = await fetch(`${base}/shapes/points`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
      const answer = (await response.json()) as unknown;
      assert.ok(String(response.status) in addPoints.responses, `status ${response.status} is listed`);
      const schemaSays = acceptsPoints(JSON.parse(JSON.stringify(value)));
      assert.is(response.status === 201, schemaSays, `${JSON.stringify(value)} → ${response.status} ${JSON.stringify(answer)}`);
      assert.ok(schemaOf(addPoints.responses[String(response.status)].content['application/json'].schema)(answer), JSON.stringify(answer));
      if (schemaSays) accepted++;
    }),
    { numRuns: 100, seed: 18 },
  );
  assert.ok(accepted >= 10, `only ${accepted} of 100 bodies were valid: the generator must reach both sides`);
});

test('parameters: a value the schema refuses is a 400 the document lists; answers match their schemas', async () => {
  const one = document.paths['/shapes/{id}']!.get;
  for (const [path, status] of [['/shapes/7', 200], ['/shapes/0', 200], ['/shapes/x', 400], ['/shapes/7?verbose=maybe', 400], ['/shapes/7?verbose=true', 200]] as const) {
    const response = await fetch(base + path);
    assert.is(response.status, status, path);
    const content = one.responses[String(status)].content['application/json'];
    assert.ok(schemaOf(content.schema)(await response.json()), path);
  }
  const sizes = await fetch(`${base}/shapes?kind=hexagon`);
  assert.is(sizes.status, 400);
  assert.ok('400' in document.paths['/shapes']!.get.responses);
});

test.after(() => app.close());
test.run();
