// Handlers inherited from base classes: emitted as the subclass's (called on its instance), with the
// override rules of discover/families/inherited.ts, and accepted by the runtime's stale check.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { credentials, loadPackageDefinition, type Client, type ServiceClientConstructor, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { FrameworkApplication, StaleTablesError, type ApplicationTables, type Logger } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFixture, outDirOf, typeErrors } from './app-fixture.js';
import { ROOT } from './helpers.js';

const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

const routesOf = (text: string): string[] => [...text.matchAll(/name: '([^']+)'.*\n.*\n\s+method: '(\w+)', path: '([^']+)'/g)].map((m) => `${m[2]} ${m[3]} ${m[1]}`);

test('inherited routes are emitted for the subclass: own methods first, then the base\'s, overrides applied', async () => {
  const result = await buildFixture('inheritance');
  assert.equal(result.diagnostics, []);
  assert.equal(routesOf(result.files[0]!.text), [
    'GET /todo/stats TodoController.stats',
    'GET /todo TodoController.findAll',
    'DELETE /todo/by-id/:id TodoController.remove',
    'GET /todo/:id TodoController.findOne',
    'POST /todo TodoController.create',
    'GET /todo/base/only TodoController.baseOnly',
    'GET /secured SecuredController.secret',
  ]);
});

test('calls go to the subclass instance; `@Body() dto: T` is validated as the DTO the subclass binds T to', async () => {
  const text = (await buildFixture('inheritance')).files[0]!.text;
  assert.ok(text.includes('handler: TodoController.prototype.baseOnly,\n      invoke: (c: TodoController) => c.baseOnly(),'), text);
  assert.ok(text.includes('body: $CreateTodoDto,'));
  assert.ok(text.includes("const $CreateTodoDto: DtoEntry = { dto: CreateTodoDto, members: ['title'], validate: $validateCreateTodoDto };"));
  assert.ok(text.includes('c.create(a.body as CreateTodoDto)'));
  assert.ok(text.includes("rpc: 'GetTodo', path: '/todo.TodoService/GetTodo'"), 'inherited @GrpcMethod');
  assert.equal(typeErrors('inheritance'), []);
});

test('the app serves inherited routes over HTTP and gRPC, and init accepts the tables (the runtime agrees)', async () => {
  await buildFixture('inheritance');
  const { tables } = (await import(pathToFileURL(path.join(ROOT, outDirOf('inheritance'), 'tables.ts')).href)) as { tables: ApplicationTables };
  const app = new FrameworkApplication(tables, { logger: quiet });
  const grpc = new GrpcServer(app);
  await app.init(tables.rootModule);
  const base = `http://127.0.0.1:${await app.listen(0)}`;
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  try {
    const get = async (p: string, method = 'GET') => {
      const response = await fetch(`${base}${p}`, { method });
      return [response.status, await response.text()];
    };
    assert.equal(await get('/todo/stats'), [200, 'stats'], 'own route, not taken by /todo/:id');
    assert.equal(await get('/todo'), [200, '["override","first"]'], 'undecorated override keeps the route and runs');
    assert.equal(await get('/todo/base/only'), [200, 'inherited as is']);
    // /todo/:id still answers GET, so a DELETE there is the table's 405 (not a route of its own).
    assert.is((await get('/todo/7', 'DELETE'))[0], 405, 'the re-decorated override replaced DELETE /todo/:id');
    assert.equal(await get('/todo/by-id/7', 'DELETE'), [200, 'derived removed 7']);
    assert.is((await get('/todo/7'))[0], 403, 'a guard on an undecorated override guards the inherited route');
    assert.is((await get('/secured'))[0], 403, "a base class's class-level guard applies");
    const post = (body: unknown) => fetch(`${base}/todo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(await (await post({ title: 'ok' })).json(), { title: 'ok' });
    assert.is((await post({ title: 5 })).status, 400, 'validated against CreateTodoDto');

    const client = todoClient(port);
    assert.equal(await call(client, 'GetTodo', { id: '3' }), { id: '3', title: 'from base', done: false });
    assert.equal(await call(client, 'CreateTodo', { title: 'x' }), { id: '1', title: 'derived x', done: false });
    client.close();
  } finally {
    await app.close(); // closes the gRPC server too
  }
});

test('init names the base class when the tables lack an inherited route (a base class from a package cannot be read)', async () => {
  await buildFixture('inheritance');
  const { tables } = (await import(pathToFileURL(path.join(ROOT, outDirOf('inheritance'), 'tables.ts')).href)) as { tables: ApplicationTables };
  const withoutBaseOnly: ApplicationTables = { ...tables, routes: tables.routes.filter((r) => r.path !== '/todo/base/only') };
  try {
    await new FrameworkApplication(withoutBaseOnly, { logger: quiet }).init(tables.rootModule);
    assert.unreachable('init should have failed');
  } catch (error) {
    assert.instance(error, StaleTablesError);
    assert.match(
      (error as Error).message,
      'Route GET /todo/base/only of TodoController.baseOnly is declared on its base class CrudController and is not in the tables. ' +
        'If CrudController comes from a package, framework-build cannot see its routes',
    );
  }
});

function todoClient(port: number): Client {
  const proto = path.join(ROOT, 'test/compiler/fixtures/inheritance/src/protos/todo.proto');
  const tree = loadPackageDefinition(loadSync(proto, { keepCase: true, defaults: true })) as unknown as { todo: { TodoService: ServiceClientConstructor } };
  return new tree.todo.TodoService(`127.0.0.1:${port}`, credentials.createInsecure());
}

function call(client: Client, rpc: string, request: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const method = (client as unknown as Record<string, Function>)[rpc]!;
    method.call(client, request, (error: ServiceError | null, response: unknown) => (error ? reject(error) : resolve(response)));
  });
}

test.run();
