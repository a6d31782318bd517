/**
 * A request path the client chose reaches the application's text logger (the default is the
 * console) in the line of an unhandled error: decoded, a `%0A` or `%1B` in it would start a forged
 * line or drive the terminal. Every control character of it must reach the logger escaped.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Logger } from '@framework/core';
import { startTodo } from './fixtures/todo-app.js';

const messages: string[] = [];
const keep = (message: unknown): void => void messages.push(String(message));
const logger: Logger = { error: keep, warn: keep, log: keep };
const todo = await startTodo({ logger });

test('an unhandled error on a path holding CR, LF and ESC is logged on one line, without the raw characters', async () => {
  // `x-boom`: the fixture's middleware throws an unexpected error for this request.
  const answer = await fetch(`${todo.base}/todo/1%0D%0A%1B[31mERROR%20forged%20line`, { headers: { 'x-boom': '1', authorization: `Bearer ${todo.token}` } });
  assert.is(answer.status, 500);
  const line = messages.find((message) => message.startsWith('Unhandled error in'));
  assert.ok(line, JSON.stringify(messages));
  assert.not.match(line!, /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/, `the logged message holds a control character: ${JSON.stringify(line)}`);
  assert.match(line!, 'forged line');
});

test.after(() => todo.stop());
test.run();
