import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { status } from '@framework/grpc';
import { failure, metadataOf, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import type { Reply, Todo } from './fixtures/protos.js';
import { buildTables, P } from './fixtures/tables.js';
import { TodoStore } from './fixtures/todo.js';

type Context = { started: StartedApp };

function appSuite(name: string, globalGuard?: number) {
  const test = suite<Context>(name);
  test.before(async (context) => {
    context.started = await startApp({ tables: buildTables({ globalGuard }), http: true });
  });
  test.after(async ({ started }) => {
    await started.stop();
  });
  return test;
}

const denyAll = appSuite('global guard that denies', P.DenyAllGuard);

denyAll('every RPC answers PERMISSION_DENIED "Forbidden"', async ({ started }) => {
  for (const [client, rpc, request] of [
    [started.todo, 'GetTodo', { id: '1' }],
    [started.todo, 'CreateTodo', { title: 'x' }],
    [started.probe, 'Nothing', {}],
  ] as const) {
    const error = await failure(unary(client, rpc, request));
    assert.is(error.code, status.PERMISSION_DENIED, rpc);
    assert.is(error.details, 'Forbidden');
  }
});

denyAll('the denial happens before the handler runs', async ({ started }) => {
  await failure(unary(started.todo, 'CreateTodo', { title: 'must not exist' }));
  const store = started.app.get<TodoStore>(TodoStore);
  assert.throws(() => store.find('1'), /Not found/);
});

denyAll.run();

const httpOnly = appSuite('global guard that reads context.req', P.HttpHeaderGuard);

httpOnly('on gRPC it fails with UNKNOWN "Cannot read properties of undefined …"', async ({ started }) => {
  const error = await failure(unary(started.todo, 'GetTodo', { id: '1' }, metadataOf(['authorization', 'Bearer good'])));
  assert.is(error.code, status.UNKNOWN);
  assert.ok(error.details.startsWith('Cannot read properties of undefined'), error.details);
});

httpOnly('the same guard still works over HTTP', async ({ started }) => {
  const denied = await fetch(`http://127.0.0.1:${started.httpPort}/todo/1`);
  assert.is(denied.status, 403);
  const allowed = await fetch(`http://127.0.0.1:${started.httpPort}/todo/1`, { headers: { authorization: 'Bearer good' } });
  assert.is(allowed.status, 404);
});

httpOnly.run();

const token = appSuite('transport-aware global guard (grpcMetadata on gRPC, header on HTTP)', P.TokenGuard);

token('without a token the call is PERMISSION_DENIED', async ({ started }) => {
  const error = await failure(unary(started.todo, 'CreateTodo', { title: 'x' }));
  assert.is(error.code, status.PERMISSION_DENIED);
});

token('with a wrong token the call is PERMISSION_DENIED', async ({ started }) => {
  const error = await failure(unary(started.todo, 'CreateTodo', { title: 'x' }, metadataOf(['authorization', 'Bearer bad'])));
  assert.is(error.code, status.PERMISSION_DENIED);
});

token('context.grpcMetadata.get("authorization")[0] lets the right token through', async ({ started }) => {
  const { response } = await unary<Todo>(started.todo, 'CreateTodo', { title: 'authorised' }, metadataOf(['authorization', 'Bearer good']));
  assert.is(response.title, 'authorised');
});

token('the same guard reads the HTTP header on HTTP calls', async ({ started }) => {
  const response = await fetch(`http://127.0.0.1:${started.httpPort}/todo/1`, { headers: { authorization: 'Bearer good' } });
  assert.is(response.status, 200);
});

token('getHandler() is set on gRPC calls, so @Public() keeps working', async ({ started }) => {
  const { response } = await unary<Reply>(started.probe, 'Open', {});
  assert.is(response.text, 'open');
});

token('a method guard (@UseGuard) runs after the global guard passes', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Guarded', {}, metadataOf(['authorization', 'Bearer good'])));
  assert.is(error.code, status.PERMISSION_DENIED);
});

token.run();

const noGlobal = appSuite('method guards without a global guard');

noGlobal('@UseGuard(DenyAllGuard) on one RPC denies only that RPC', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Guarded', {}));
  assert.is(error.code, status.PERMISSION_DENIED);
  const { response } = await unary<Reply>(started.probe, 'Open', {});
  assert.is(response.text, 'open');
});

noGlobal.run();
