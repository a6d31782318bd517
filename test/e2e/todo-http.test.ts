import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FrameworkApplication } from '@framework/core';
import { bootstrap } from '../../examples/todo/src/bootstrap.js';

interface Context {
  app: FrameworkApplication;
  base: string;
}

const http = suite<Context>('todo example over HTTP');

http.before(async (context) => {
  context.app = await bootstrap();
  const port = await context.app.listen(0);
  context.base = `http://127.0.0.1:${port}`;
});

http.after(async (context) => {
  await context.app.close();
});

function send(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  return fetch(base + path, init);
}

const valid = { name: 'write the spec', priority: 2, colorLabel: '#ff8800' };

http('GET /health/ answers { status: "ok" } with and without the trailing slash', async ({ base }) => {
  for (const path of ['/health/', '/health']) {
    const response = await send(base, 'GET', path);
    assert.is(response.status, 200);
    assert.equal(await response.json(), { status: 'ok' });
  }
});

http('POST /todo creates a todo whose title is the name', async ({ base }) => {
  const response = await send(base, 'POST', '/todo', valid);
  assert.is(response.status, 200);
  const todo = await response.json();
  assert.type(todo.id, 'string');
  assert.equal({ ...todo, id: undefined }, { id: undefined, title: 'write the spec', done: false, priority: 2, colorLabel: '#ff8800' });
});

http('GET /todo lists the created todos as a JSON array', async ({ base }) => {
  await send(base, 'POST', '/todo', { ...valid, name: 'second' });
  const response = await send(base, 'GET', '/todo');
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', 'application/json');
  const todos = (await response.json()) as { title: string }[];
  assert.ok(Array.isArray(todos));
  assert.ok(todos.some((t) => t.title === 'second'));
});

http('GET, PUT and DELETE /todo/:id act on one todo; an unknown id is a 404', async ({ base }) => {
  const created = await (await send(base, 'POST', '/todo', valid)).json();
  const read = await send(base, 'GET', `/todo/${created.id}`);
  assert.equal(await read.json(), created);

  const updated = await send(base, 'PUT', `/todo/${created.id}`, { done: true, name: 'renamed' });
  assert.is(updated.status, 200);
  assert.equal(await updated.json(), { ...created, done: true, title: 'renamed' });

  const removed = await send(base, 'DELETE', `/todo/${created.id}`);
  assert.is(removed.status, 200);
  const gone = await send(base, 'GET', `/todo/${created.id}`);
  assert.is(gone.status, 404);
  assert.equal(await gone.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
});

http('an invalid body is a 400 with one reason per failed rule, in declaration order', async ({ base }) => {
  const response = await send(base, 'POST', '/todo', { name: 42, priority: 'high', colorLabel: 'orange' });
  assert.is(response.status, 400);
  const body = await response.json();
  assert.is(body.status, 400);
  assert.is(body.name, 'NotValidBodyException');
  assert.type(body.message, 'string');
  assert.equal(
    body.reasons.map((r: { property: string; constraints: unknown[] }) => [r.property, r.constraints]),
    [['name', []], ['priority', [{}]], ['colorLabel', []]],
  );
  assert.match(body.reasons[2].errorMessage, 'hexadecimal color');
  const again = await (await send(base, 'POST', '/todo', { name: 42, priority: 'high', colorLabel: 'orange' })).json();
  assert.equal(again, body, 'the same invalid body gives the same answer');
});

http('PUT with an invalid optional field is a 400', async ({ base }) => {
  const created = await (await send(base, 'POST', '/todo', valid)).json();
  const response = await send(base, 'PUT', `/todo/${created.id}`, { done: 'yes' });
  assert.is(response.status, 400);
  const body = await response.json();
  assert.equal(body.reasons.map((r: { property: string }) => r.property), ['done']);
});

http('malformed JSON, an empty body and a wrong content type are 400s that say so', async ({ base }) => {
  const malformed = await send(base, 'POST', '/todo', '{"name": ');
  assert.is(malformed.status, 400);
  assert.match((await malformed.json()).message, 'not valid JSON');

  const empty = await send(base, 'POST', '/todo', '');
  assert.is(empty.status, 400);
  assert.match((await empty.json()).message, 'empty');

  const text = await send(base, 'POST', '/todo', JSON.stringify(valid), { 'content-type': 'text/plain' });
  assert.is(text.status, 400);
  assert.match((await text.json()).message, 'Content-Type: application/json');

  const array = await send(base, 'POST', '/todo', [valid]);
  assert.is(array.status, 400);
  assert.match((await array.json()).message, 'JSON object');
});

http('a body over 1 MiB is a 413 and the server keeps serving', async ({ base }) => {
  const huge = JSON.stringify({ ...valid, name: 'x'.repeat(1024 * 1024 + 10) });
  const response = await send(base, 'POST', '/todo', huge);
  assert.is(response.status, 413);
  assert.is((await response.json()).name, 'BodyTooLargeException');
  const health = await send(base, 'GET', '/health');
  assert.is(health.status, 200);
});

http('an unknown route is a 404 in the error shape', async ({ base }) => {
  const response = await send(base, 'GET', '/nowhere');
  assert.is(response.status, 404);
  assert.equal(await response.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
});

http.run();
