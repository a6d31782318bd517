/**
 * The example's streaming RPCs with a plain grpc-js client: ListTodos (server streaming) and
 * SyncTodos (bidirectional) behind the example's global guard, which throttles and then requires
 * a bearer token, once per call.
 */
import { credentials, loadPackageDefinition, Metadata, type ClientDuplexStream, type ClientReadableStream, type ServiceClientConstructor, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

interface Todo { id: string; title: string; done: boolean }
interface TodoClient {
  CreateTodo(request: { title: string }, metadata: Metadata, callback: (error: ServiceError | null, todo?: Todo) => void): void;
  ListTodos(request: { offset?: number; limit?: number }, metadata: Metadata): ClientReadableStream<Todo>;
  SyncTodos(metadata: Metadata): ClientDuplexStream<Partial<Todo>, Todo>;
  close(): void;
}

const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
const { app, grpc } = await bootstrap();
const httpPort = await app.listen(0, '127.0.0.1');
const grpcPort = await grpc.listen(0, undefined, '127.0.0.1');
const protoPath = fileURLToPath(new URL('../../examples/todo/src/todo/todo.proto', import.meta.url));
const tree = loadPackageDefinition(loadSync(protoPath, { keepCase: true, defaults: true })) as unknown as { todo: { TodoService: ServiceClientConstructor } };
const client = new tree.todo.TodoService(`127.0.0.1:${grpcPort}`, credentials.createInsecure()) as unknown as TodoClient;

const login = await fetch(`http://127.0.0.1:${httpPort}/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }),
});
const token = ((await login.json()) as { access_token: string }).access_token;
const auth = (): Metadata => {
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${token}`);
  return metadata;
};

function collect(stream: ClientReadableStream<Todo> | ClientDuplexStream<Partial<Todo>, Todo>): Promise<{ todos: Todo[]; error?: ServiceError }> {
  const todos: Todo[] = [];
  return new Promise((resolve) => {
    stream.on('data', (todo: Todo) => todos.push(todo));
    stream.on('error', (error: ServiceError) => resolve({ todos, error }));
    stream.on('end', () => resolve({ todos }));
  });
}

test('ListTodos streams every todo in creation order; offset and limit page it', async () => {
  for (const title of ['one', 'two', 'three']) {
    await new Promise<void>((resolve, reject) => client.CreateTodo({ title }, auth(), (error) => (error ? reject(error) : resolve())));
  }
  const all = await collect(client.ListTodos({}, auth()));
  assert.equal(all.todos.map((t) => t.title), ['one', 'two', 'three']);
  const page = await collect(client.ListTodos({ offset: 1, limit: 1 }, auth()));
  assert.equal(page.todos.map((t) => t.title), ['two']);
});

test('ListTodos and SyncTodos without a token are refused before any message', async () => {
  const listed = await collect(client.ListTodos({}, new Metadata()));
  assert.is(listed.error?.code, 7, 'PERMISSION_DENIED');
  assert.equal(listed.todos, []);
  const sync = client.SyncTodos(new Metadata());
  const synced = collect(sync);
  sync.write({ title: 'never' });
  sync.end();
  assert.is((await synced).error?.code, 7);
  const all = await collect(client.ListTodos({}, auth()));
  assert.not.ok(all.todos.some((t) => t.title === 'never'), 'the refused change was not applied');
});

test('SyncTodos answers each change as it arrives: a new todo, then an update of it', async () => {
  const sync = client.SyncTodos(auth());
  const next = (): Promise<Todo> => new Promise((resolve) => sync.once('data', resolve));
  const created = next();
  sync.write({ title: 'synced' });
  const todo = await created;
  assert.equal({ title: todo.title, done: todo.done }, { title: 'synced', done: false });
  const updated = next();
  sync.write({ id: todo.id, done: true });
  assert.equal(await updated, { ...todo, done: true });
  const rest = collect(sync);
  sync.end();
  assert.equal(await rest, { todos: [] });
});

test('the throttle counts a streaming call once: past the limit, ListTodos answers RESOURCE_EXHAUSTED with no message', async () => {
  let throttled: { todos: Todo[]; error?: ServiceError } | undefined;
  for (let i = 0; i < 120 && !throttled; i++) {
    const answer = await collect(client.ListTodos({}, auth()));
    if (answer.error) throttled = answer;
    else assert.ok(answer.todos.length >= 3, 'a call under the limit gets every todo');
  }
  assert.ok(throttled, 'the limit (100 a minute) was reached');
  assert.is(throttled!.error?.code, 8, 'RESOURCE_EXHAUSTED');
  assert.equal(throttled!.todos, []);
});

test('stop', async () => {
  client.close();
  await app.close();
});

test.run();
