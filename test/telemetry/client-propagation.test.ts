// The typed client framework-build emits sends the caller's active trace context, so the server
// span continues the caller's trace; with `traceContext: false`, or outside any span, it does not.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { trace } from '@opentelemetry/api';
import { createClient } from '../../generated/todo/client.js';
import { finishedSpan, registerTestSdk } from './fixtures/sdk.js';
import { startTodo, type StartedTodo } from './fixtures/todo-app.js';

const sdk = registerTestSdk();
const test = suite<{ todo: StartedTodo }>('typed client propagation');

test.before(async (context) => {
  context.todo = await startTodo();
});
test.after(async ({ todo }) => {
  await todo.stop();
  await sdk.shutdown();
});

test('a call made inside a span is the parent of the server span', async ({ todo }) => {
  const client = createClient({ baseUrl: todo.base });
  const caller = await trace.getTracer('caller').startActiveSpan('caller', async (span) => {
    await client.health.check();
    span.end();
    return span.spanContext();
  });
  const server = await finishedSpan(sdk, 'GET /health', (s) => s.spanContext().traceId === caller.traceId);
  assert.is(server.parentSpanContext?.spanId, caller.spanId);
});

test('traceContext: false sends nothing: the server starts its own trace', async ({ todo }) => {
  const client = createClient({ baseUrl: todo.base, traceContext: false, headers: { 'user-agent': 'no-context' } });
  const caller = await trace.getTracer('caller').startActiveSpan('caller', async (span) => {
    await client.health.check();
    span.end();
    return span.spanContext();
  });
  const server = await finishedSpan(sdk, 'GET /health', (s) => s.attributes['user_agent.original'] === 'no-context');
  assert.is.not(server.spanContext().traceId, caller.traceId);
  assert.is(server.parentSpanContext, undefined);
});

test.run();
