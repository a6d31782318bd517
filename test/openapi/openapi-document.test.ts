// openapi.json: valid OpenAPI 3.1, what the compiler model says of each route, fresh under --check.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/index.js';
import { cli } from '../compiler/helpers.js';
import { buildApiFixture, documentOf, ROOT, schemaErrors, type OpenApi } from './helpers.js';

const example = async (): Promise<OpenApi> =>
  documentOf(await build({ srcDir: 'examples/todo/src', outDir: 'generated/todo', cwd: ROOT }));

test("the example's document validates against the OpenAPI 3.1 schema", async () => {
  const document = await example();
  assert.is(document.openapi, '3.1.0');
  assert.is(await schemaErrors(document), undefined);
});

test('generated/todo/openapi.json and client.ts are what the build emits (npm test runs --check on them too)', async () => {
  const result = await build({ srcDir: 'examples/todo/src', outDir: 'generated/todo', cwd: ROOT });
  for (const name of ['openapi.json', 'client.ts']) {
    const file = result.files.find((f) => f.path.endsWith(`/${name}`))!;
    assert.ok(file, name);
    assert.is(fs.readFileSync(path.join(ROOT, 'generated/todo', name), 'utf8'), file.text, `${name} is stale: run npm run generate`);
  }
});

test('the example: paths from routes, bodies from the DTO rules, statuses from guards, throttling and @throws', async () => {
  const document = await example();
  // The socket of `/todo/ws` is no HTTP operation: only the event stream is listed.
  assert.equal(Object.keys(document.paths), ['/health', '/info', '/info/me', '/auth/login', '/auth/session', '/todo', '/todo/events', '/todo/{id}', '/todo/{id}/attachments', '/todo/{id}/attachments/{name}']);
  // An upload: a multipart/form-data body whose file is a binary string, its allowed types as its part's encoding.
  const attach = document.paths['/todo/{id}/attachments']!.post;
  assert.equal(attach.requestBody, {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'At most 1048576 bytes.' } }, required: ['file'] },
        encoding: { file: { contentType: 'image/png, image/jpeg, text/plain' } },
      },
    },
  });
  assert.equal(Object.keys(attach.responses), ['201', '400', '403', '404', '413', '415', '429', '507']);
  const events = document.paths['/todo/events']!.get;
  assert.equal(events.responses['200'].content, { 'text/event-stream': { schema: { $ref: '#/components/schemas/TodoChange' } } });
  assert.equal(events.parameters, [{ name: 'last-event-id', in: 'header', required: false, schema: { type: 'string' } }]);
  assert.equal(document.components.schemas.TodoChange.required, ['sequence', 'kind', 'todo']);
  const create = document.paths['/todo']!.post;
  assert.is(create.operationId, 'todo.create');
  assert.equal(create.tags, ['Todo']);
  assert.is(create.summary, 'Creates a todo, not done yet.');
  assert.equal(create.security, [{ bearer: [] }]);
  assert.equal(create.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/CreateTodoDto' });
  assert.equal(Object.keys(create.responses), ['200', '400', '403', '413', '429', '507']);
  assert.equal(create.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Todo' });
  assert.equal(Object.keys(create.responses['429'].headers), ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);
  assert.equal(document.components.schemas.CreateTodoDto.properties.colorLabel, {
    type: 'string',
    pattern: '^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$',
    description: 'A CSS hex colour such as `#ff8800` (3, 4, 6 or 8 digits, `#` optional).',
  });
  assert.equal(document.components.schemas.CreateTodoDto.properties.name.maxLength, 200);
  assert.equal(document.components.schemas.CreateTodoDto.required, ['name', 'priority', 'colorLabel']);
  assert.is(document.components.schemas.UpdateTodoDto.required, undefined);
  assert.equal(document.components.schemas.UpdateTodoDto.properties.done, { type: ['boolean', 'null'] });
  const findOne = document.paths['/todo/{id}']!.get;
  assert.equal(findOne.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  assert.equal(Object.keys(findOne.responses), ['200', '403', '404', '429']);
  // Public routes carry no security; the health route skips throttling, so it has no 429.
  const health = document.paths['/health']!.get;
  assert.is(health.security, undefined);
  assert.equal(Object.keys(health.responses), ['200', '403']);
  const howTo = document.paths['/auth/login']!.get;
  assert.equal(howTo.responses['200'].content, { 'text/plain': { schema: { type: 'string' } } });
  // 401 is read from the handler's `throw new UnauthorizedException()`.
  assert.ok(document.paths['/auth/login']!.post.responses['401']);
  // The browser login answers 204 (its Set-Cookie is the Response's); a wrong password is 401 too.
  assert.equal(Object.keys(document.paths['/auth/session']!.post.responses), ['204', '400', '401', '403', '413', '429']);
  assert.equal(document.components.securitySchemes, { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
});

test('rules, nesting, parameters and result types of a fixture', async () => {
  const result = await buildApiFixture('rules');
  const document = documentOf(result);
  assert.is(await schemaErrors(document), undefined);
  const shape = document.components.schemas.ShapeDto;
  assert.equal(shape.properties.name, { type: 'string', minLength: 2, maxLength: 10, description: 'What to call it.' });
  assert.equal(shape.properties.kind, { enum: ['circle', 'square'] });
  assert.equal(shape.properties.layer, { enum: [1, 2, 3] });
  assert.equal(shape.properties.size, { type: 'number', exclusiveMinimum: 0 });
  assert.equal(shape.properties.origin, { $ref: '#/components/schemas/PointDto' });
  assert.equal(shape.properties.path, { type: 'array', minItems: 1, maxItems: 3, items: { $ref: '#/components/schemas/PointDto' } });
  assert.equal(shape.properties.tag, { type: ['string', 'null'], pattern: '^[a-z]+$' });
  assert.equal(shape.properties.owner, { type: ['string', 'null'], format: 'email' });
  assert.equal(shape.properties.ref, { type: ['string', 'null'], pattern: '^(?:0[xXhH][0-9A-Fa-f]{22}|[0-9A-Fa-f]{24})$' });
  assert.equal(shape.properties.host, { type: ['string', 'null'], format: 'ipv6' });
  assert.equal(shape.properties.latitude, { anyOf: [{ description: 'A latitude (-90 to 90), as a number or a string.' }, { type: 'null' }] });
  assert.equal(shape.required, ['name', 'kind', 'color', 'layer', 'size', 'origin', 'path']);
  assert.equal(document.components.schemas.PointDto.properties.x, { type: 'integer', minimum: -1000, maximum: 1000 });
  const draw = document.paths['/shapes']!.post;
  assert.equal(Object.keys(draw.responses), ['201', '400', '413']);
  assert.equal(draw.responses['201'].content['application/json'].schema.properties.accepted, { const: true });
  const one = document.paths['/shapes/{id}']!.get;
  assert.equal(one.parameters, [
    { name: 'id', in: 'path', required: true, schema: { type: 'number' } },
    { name: 'verbose', in: 'query', required: false, schema: { type: 'boolean' } },
  ]);
  assert.equal(one.responses['200'].content['application/json'].schema, { anyOf: [{ $ref: '#/components/schemas/Shape' }, { type: 'null' }] });
  // Methods are left out, optional members are not required, a Date is a date-time string.
  assert.equal(document.components.schemas.Shape, {
    type: 'object',
    properties: { id: { type: 'number' }, name: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['id', 'name', 'createdAt'],
    description: 'A stored shape.',
  });
  assert.equal(document.paths['/shapes/{id}/name']!.get.responses['200'].content, { 'text/plain': { schema: { type: 'string' } } });
  const remove = document.paths['/shapes/{id}']!.delete;
  assert.equal(remove.responses['204'], { description: 'Success.' });
  assert.ok(remove.responses['403'], 'a guarded route may answer 403');
  assert.equal(document.paths['/shapes']!.get.parameters[0].schema, { enum: ['circle', 'square'] });
  // Two types named Shape: the second is Shape2, and its $ref says so.
  assert.equal(document.paths['/shapes/polygons/all']!.get.responses['200'].content['application/json'].schema, { type: 'array', items: { $ref: '#/components/schemas/Shape2' } });
  assert.equal(document.components.schemas.Shape2.properties, { sides: { type: 'number' } });
  assert.equal(document.paths['/shapes']!.get.responses['200'].content['application/json'].schema.items.prefixItems, [{ type: 'number' }, { type: 'string' }]);
  // `@Body() points: PointDto[]`: an array of the DTO's schema, and the client sends one.
  assert.equal(document.paths['/shapes/points']!.post.requestBody, {
    required: true,
    content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/PointDto' } } } },
  });
  const client = result.files.find((f) => f.path.endsWith('/client.ts'))!.text;
  assert.match(client, 'addPoints: (body: Array<PointDto>, request?: { signal?: AbortSignal }): Promise<{ count: number }> =>');
});

test('the document is deterministic: two builds give the same text', async () => {
  const [a, b] = await Promise.all([buildApiFixture('rules'), buildApiFixture('rules')]);
  assert.is(a.files.find((f) => f.path.endsWith('openapi.json'))!.text, b.files.find((f) => f.path.endsWith('openapi.json'))!.text);
});

test('--check fails on a stale openapi.json and client.ts; --no-openapi writes none', () => {
  const out = 'test/.tmp/openapi/check';
  fs.rmSync(path.join(ROOT, out), { recursive: true, force: true });
  const args = ['test/openapi/fixtures/rules/src', '--out', out, '--client'];
  assert.is(cli(args).status, 0);
  assert.is(cli([...args, '--check']).status, 0);
  for (const name of ['openapi.json', 'client.ts']) {
    const file = path.join(ROOT, out, name);
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('Draws a shape', 'Draws a circle'));
    const stale = cli([...args, '--check']);
    assert.is(stale.status, 1, stale.stdout + stale.stderr);
    assert.match(stale.stdout + stale.stderr, name);
    fs.writeFileSync(file, text);
  }
  fs.rmSync(path.join(ROOT, out), { recursive: true, force: true });
  assert.is(cli(['test/openapi/fixtures/rules/src', '--out', out, '--no-openapi', '--openapi-title', 'x']).status, 0);
  assert.equal(fs.readdirSync(path.join(ROOT, out)), ['tables.ts']);
});

test('--openapi-title, --openapi-version and --openapi-server set info and servers', () => {
  const out = 'test/.tmp/openapi/info';
  const run = cli(['test/openapi/fixtures/rules/src', '--out', out, '--openapi-title', 'Shapes', '--openapi-version', '2.0.0', '--openapi-server', 'https://api.example.com']);
  assert.is(run.status, 0, run.stdout + run.stderr);
  const document = JSON.parse(fs.readFileSync(path.join(ROOT, out, 'openapi.json'), 'utf8')) as OpenApi;
  assert.equal(document.info, { title: 'Shapes', version: '2.0.0' });
  assert.equal(document.servers, [{ url: 'https://api.example.com' }]);
});

test("the compiler's exception statuses are the runtime's", async () => {
  const { FRAMEWORK_EXCEPTION_STATUS } = await import('../../compiler/src/discover/api/exceptions.js');
  const core = (await import('@framework/core')) as unknown as Record<string, unknown>;
  for (const [name, status] of Object.entries(FRAMEWORK_EXCEPTION_STATUS)) {
    const Exception = core[name] as (new () => { status: number }) | undefined;
    assert.ok(Exception, `@framework/core exports ${name}`);
    assert.is(new Exception().status, status, name);
  }
});

test.run();
