import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import type { Todo } from './fixtures/protos.js';
import { TodoStore } from './fixtures/todo.js';

const test = suite<{ started: StartedApp }>('HTTP and gRPC share one injector');

test.before(async (context) => {
  context.started = await startApp({ http: true });
});
test.after(async ({ started }) => {
  await started.stop();
});

async function createOverHttp(port: number, title: string): Promise<Todo> {
  const response = await fetch(`http://127.0.0.1:${port}/todo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  assert.is(response.status, 200);
  return (await response.json()) as Todo;
}

test('a todo created over HTTP is read over gRPC from the same singleton store', async ({ started }) => {
  const created = await createOverHttp(started.httpPort!, 'from HTTP');
  const { response } = await unary<Todo>(started.todo, 'GetTodo', { id: created.id });
  assert.equal(response, created);
});

test('a todo created over gRPC is read over HTTP', async ({ started }) => {
  const { response: created } = await unary<Todo>(started.todo, 'CreateTodo', { title: 'from gRPC' });
  const response = await fetch(`http://127.0.0.1:${started.httpPort}/todo/${created.id}`);
  assert.is(response.status, 200);
  assert.equal(await response.json(), created);
});

test('app.get returns the instance both transports use', async ({ started }) => {
  const store = started.app.get<TodoStore>(TodoStore);
  const todo = store.create('direct');
  const { response } = await unary<Todo>(started.todo, 'GetTodo', { id: todo.id });
  assert.equal(response, todo);
});

test('the same NotFoundException is a 404 over HTTP and NOT_FOUND over gRPC', async ({ started }) => {
  const http = await fetch(`http://127.0.0.1:${started.httpPort}/todo/missing`);
  assert.is(http.status, 404);
  const error = await failure(unary(started.todo, 'GetTodo', { id: 'missing' }));
  assert.is(error.code, 5);
  assert.is(error.details, 'Not found');
});

test.run();
