import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, StaleTablesError, type ApplicationTables } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { capturedLogger } from './fixtures/harness.js';
import { AppModule, buildTables, P } from './fixtures/tables.js';

const test = suite('bootstrap: GrpcServer and init');

/** The error `action` rejects or throws with; fails the test when it does not. */
async function errorOf(action: () => unknown): Promise<Error> {
  try {
    await action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, but none was thrown');
}

function appOf(tables: ApplicationTables): FrameworkApplication {
  return new FrameworkApplication(tables, { logger: capturedLogger() });
}

test('new GrpcServer(app) after init throws a TypeError that names the fix', async () => {
  const app = appOf({ ...buildTables(), grpc: [] });
  await app.init(AppModule);
  const error = await errorOf(() => new GrpcServer(app));
  assert.instance(error, TypeError);
  assert.match(error.message, '`new GrpcServer(app)` was called after `app.init(RootModule)`');
  assert.match(error.message, 'before `await app.init(RootModule)`');
  await app.close();
});

test('init without a GrpcServer fails with a TypeError naming `new GrpcServer(app)` when tables have gRPC services', async () => {
  const app = appOf(buildTables());
  const error = await errorOf(() => app.init(AppModule));
  assert.instance(error, TypeError);
  assert.match(error.message, 'TodoGrpc, ProbeGrpc');
  assert.match(error.message, 'new GrpcServer(app)');
});

test('grpc.listen before init rejects and says to call init first', async () => {
  const app = appOf(buildTables());
  const grpc = new GrpcServer(app);
  const error = await errorOf(() => grpc.listen(0));
  assert.match(error.message, 'Call `await app.init(RootModule)` before `grpc.listen(port)`');
});

test('a GrpcServer on an app without gRPC controllers warns that it serves nothing', async () => {
  const logger = capturedLogger();
  const app = new FrameworkApplication({ ...buildTables(), grpc: [] }, { logger });
  new GrpcServer(app);
  await app.init(AppModule);
  assert.match(logger.warnings.join('\n'), 'no @GrpcController');
  await app.close();
});

test('tables binding a method to an RPC the service lacks are stale', async () => {
  const tables = buildTables();
  const [todo, probe] = tables.grpc;
  const drifted = { ...tables, grpc: [{ ...todo!, methods: [{ ...todo!.methods[0]!, rpc: 'GetTodos' }] }, probe!] };
  const app = appOf(drifted);
  new GrpcServer(app);
  const error = await errorOf(() => app.init(AppModule));
  assert.instance(error, StaleTablesError);
  assert.match(error.message, 'TodoGrpc.GetTodo is bound to RPC GetTodos, which todo.TodoService does not have (its RPCs: GetTodo, CreateTodo)');
});

test('tables naming another service than the definition given to @GrpcController are stale', async () => {
  const tables = buildTables();
  const [todo, probe] = tables.grpc;
  const app = appOf({ ...tables, grpc: [{ ...todo!, service: 'todo.OtherService' }, probe!] });
  new GrpcServer(app);
  const error = await errorOf(() => app.init(AppModule));
  assert.instance(error, StaleTablesError);
  assert.match(error.message, 'was given the definition of todo.TodoService, but the tables bind it to todo.OtherService');
});

test('a gRPC controller in the tables whose class has no @GrpcController is reported', async () => {
  const tables = buildTables();
  class Undecorated {}
  const providers = tables.providers.map((provider, index) => (index === P.TodoGrpc ? { ...provider, useClass: Undecorated } : provider));
  const app = appOf({ ...tables, providers });
  new GrpcServer(app);
  const error = await errorOf(() => app.init(AppModule));
  assert.instance(error, StaleTablesError);
  assert.match(error.message, 'the class carries no @GrpcController(definition)');
});

test.run();
