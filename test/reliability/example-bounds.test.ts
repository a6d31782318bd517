// The example stores within bounds: names of at most 200 characters, at most MAX_TODOS todos, and
// GET /todo answers pages of at most 100, so no client can grow the store or one answer without limit.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InsufficientStorageException } from '@framework/core';
import { startExample } from './fixtures/example.js';
import { MAX_PAGE, MAX_TODOS, TodoService } from '../../examples/todo/src/todo/todo.service.js';
import { TodoChanges } from '../../examples/todo/src/todo/todo-changes.js';

test('names over 200 characters are 400; GET /todo pages by limit/offset, at most 100; bad paging is 400', async () => {
  const example = await startExample();
  try {
    const headers = { authorization: `Bearer ${example.token}`, 'content-type': 'application/json' };
    const post = (name: string) => fetch(`${example.base}/todo`, { method: 'POST', headers, body: JSON.stringify({ name, priority: 1, colorLabel: '#fff' }) });
    assert.is((await post('x'.repeat(200))).status, 200);
    const tooLong = await post('x'.repeat(201));
    assert.is(tooLong.status, 400);
    assert.match(((await tooLong.json()) as { message: string }).message, 'name must be shorter than or equal to 200 characters');

    const todos = example.app.get<TodoService>(TodoService);
    for (let i = 0; i < MAX_PAGE + 20; i++) todos.create({ name: `t${i}`, priority: 0, colorLabel: '#000' });
    const page = async (query: string) => {
      const response = await fetch(`${example.base}/todo${query}`, { headers });
      return { status: response.status, body: (await response.json()) as { title: string }[] & { message?: string } };
    };
    assert.is((await page('')).body.length, MAX_PAGE, 'the default page is the largest');
    assert.equal((await page('?offset=2&limit=3')).body.map((t) => t.title), ['t1', 't2', 't3'], 'after the 200-character one and t0');
    assert.is((await page('?offset=100000')).body.length, 0);
    for (const query of ['?limit=101', '?limit=-1', '?limit=abc', '?offset=1.5', '?offset=1e3']) {
      const bad = await page(query);
      assert.is(bad.status, 400, query);
      assert.match(bad.body.message ?? '', 'must be a whole number', query);
    }
    assert.equal(example.errors, []);
  } finally {
    await example.close();
  }
});

test('the store holds at most MAX_TODOS todos; one more is 507 InsufficientStorage', () => {
  const todos = new TodoService(new TodoChanges());
  for (let i = 0; i < MAX_TODOS; i++) todos.create({ name: 'n', priority: 0, colorLabel: '#000' });
  assert.throws(() => todos.create({ name: 'one too many', priority: 0, colorLabel: '#000' }), (error: unknown) => error instanceof InsufficientStorageException);
  todos.remove('1');
  assert.ok(todos.create({ name: 'room again', priority: 0, colorLabel: '#000' }));
});

test.run();
