// The todo example through the typed client framework-build emits (generated/todo/client.ts).
// The suite is type-checked against the client first, so a route change that breaks callers
// fails here as a tsc error.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, BadRequestError, createClient, type Client, type Todo } from '../../generated/todo/client.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Context {
  base: string;
  api: Client;
  stop: () => Promise<void>;
}

const test = suite<Context>('todo example through the generated typed client');

test.before(async (context) => {
  // Imported after JWT_SECRET is set: the example reads it while its modules load.
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  const port = await app.listen(0);
  context.base = `http://127.0.0.1:${port}`;
  const anonymous = createClient({ baseUrl: context.base });
  const { access_token } = await anonymous.auth.login({ username: 'demo', password: 'demo' });
  context.api = createClient({ baseUrl: context.base, token: access_token });
  context.stop = () => app.close();
});
test.after(async (context) => context.stop());

test('this suite type-checks against the generated client (a route change that breaks it fails tsc)', async () => {
  // Run without blocking: the example serves from this process, and a loop stalled for seconds
  // lets its keep-alive and request timers fire late, on connections the client is reusing.
  const tsc = await promisify(execFile)(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', 'test/e2e/tsconfig.todo-client.json'], { cwd: ROOT, encoding: 'utf8' }).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
  );
  assert.ok(tsc.ok, tsc.output);
});

test('create, read, update, list and delete a todo with typed calls', async ({ api }) => {
  const created: Todo = await api.todo.create({ name: 'typed client', priority: 3, colorLabel: '#00ff00' });
  assert.is(created.title, 'typed client');
  assert.is(created.done, false);
  assert.equal(await api.todo.findOne(created.id), created);
  const updated = await api.todo.update(created.id, { done: true });
  assert.is(updated.done, true);
  const page = await api.todo.findAll({ query: { limit: '100' } });
  assert.ok(page.some((t) => t.id === created.id));
  assert.equal(await api.todo.remove(created.id), updated);
});

test('a body that breaks its rules throws BadRequestError carrying the reasons', async ({ api }) => {
  try {
    await api.todo.create({ name: 'x', priority: 1, colorLabel: 'not a colour' });
    assert.unreachable('the server accepted an invalid colour');
  } catch (error) {
    assert.instance(error, BadRequestError);
    const reasons = (error as BadRequestError).reasons;
    assert.equal(reasons.map((r) => r.property), ['colorLabel']);
    assert.is(reasons[0]!.errorMessage, 'colorLabel must be a hexadecimal color');
  }
});

test('other error statuses throw ApiError with the status and the body', async ({ api, base }) => {
  const missing = await api.todo.findOne('does-not-exist').catch((error: unknown) => error);
  assert.instance(missing, ApiError);
  assert.is((missing as ApiError).status, 404);
  assert.equal((missing as ApiError).body, { status: 404, name: 'NotFoundException', message: 'Not found' });
  const anonymous = createClient({ baseUrl: base });
  const forbidden = await anonymous.todo.findAll().catch((error: unknown) => error);
  assert.is((forbidden as ApiError).status, 403);
});

test('a string result is read as text, a literal object as JSON', async ({ api }) => {
  assert.match(await api.auth.howTo(), 'POST /auth/login');
  assert.equal(await api.health.check(), { status: 'ok' });
});

test.run();
