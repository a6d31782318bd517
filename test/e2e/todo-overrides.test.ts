// The todo example tested with @framework/testing, as the README shows it: a fake TodoService
// and an open global guard, in process over HTTP and gRPC, and the in-process gRPC answers
// checked against a real gRPC server of the same application.
import type { Todo } from '../../examples/todo/src/todo/todo.service.js';
import { AppGuard } from '../../examples/todo/src/auth/app.guard.js';
import { GRPC_OPTIONS } from '../../examples/todo/src/bootstrap.js';
import { TodoService } from '../../examples/todo/src/todo/todo.service.js';
import { tables } from '../../generated/todo/tables.js';
import { JwtService, NotFoundException } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { Test } from '@framework/testing';
import { status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, todoClient } from './grpc-client.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

const milk: Todo = { id: 'milk', title: 'buy milk', priority: 1, colorLabel: '#ffffff', done: false };
const fakeTodos = {
  list: () => [milk],
  get: (id: string) => {
    if (id !== milk.id) throw new NotFoundException();
    return milk;
  },
};

test('a fake TodoService and an open guard: GET /todo answers the fake list without a token', async () => {
  const t = await Test.createTestingModule(tables)
    .overrideProvider(TodoService).useValue(fakeTodos)
    .overrideGuard(AppGuard).useValue({ canActivate: () => true })
    .compile();
  const response = await t.request('/todo');
  assert.is(response.status, 200);
  assert.equal(await response.json(), [milk]);
  assert.is(t.get(TodoService), fakeTodos);
  const grpc = await t.grpc('todo.TodoService', 'GetTodo', { id: 'milk' });
  assert.equal(grpc, { code: 0, details: '', response: { id: 'milk', title: 'buy milk', done: false }, trailers: {} }, 'the gRPC controller, a second consumer of TodoService, got the fake too');
  await t.close();
});

test('the real guard still runs when it is not overridden: no token is 403 over HTTP and PERMISSION_DENIED over gRPC', async () => {
  const t = await Test.createTestingModule(tables).overrideProvider(TodoService).useValue(fakeTodos).compile();
  assert.is((await t.request('/todo')).status, 403);
  const denied = await t.grpc('TodoService', 'GetTodo', { id: 'milk' });
  assert.is(denied.code, grpcStatus.PERMISSION_DENIED);
  await t.close();
});

test('t.grpc answers as a real gRPC server of the same application does', async () => {
  let server: GrpcServer | undefined;
  const t = await Test.createTestingModule(tables, { setup: (app) => void (server = new GrpcServer(app, GRPC_OPTIONS)) })
    .overrideProvider(TodoService).useValue(fakeTodos)
    .compile();
  const client = todoClient(`127.0.0.1:${await server!.listen(0, undefined, '127.0.0.1')}`);
  const token = await t.get<JwtService>(JwtService).sign({ sub: 'demo', roles: ['user'] });
  const metadata = { authorization: `Bearer ${token}` };
  for (const [id, auth] of [['milk', token], ['nothing', token], ['milk', undefined]] as const) {
    const inProcess = await t.grpc('todo.TodoService', 'GetTodo', { id }, auth ? metadata : {});
    const real = await call(client.GetTodo, client, { id }, auth);
    if ('code' in real) {
      assert.is(inProcess.code, (real as ServiceError).code, `${id}: same status`);
      assert.is(inProcess.details, (real as ServiceError).details, `${id}: same details`);
    } else {
      assert.is(inProcess.code, 0);
      assert.equal(inProcess.response, real, `${id}: same message`);
    }
  }
  client.close();
  await t.close();
});

test.run();
