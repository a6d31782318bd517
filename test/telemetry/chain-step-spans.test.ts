// The chain's steps as child spans of the server span, the dev dashboard's view of a call: only
// when the dev loop's switch (`Symbol.for('framework.dev.chainSpans')`, a tracer) was set before init. The
// todo example through the real SDK: middleware, guard, validation, handler and a refusal's span
// over HTTP and gRPC; an application initialised without the switch makes none.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Metadata } from '@grpc/grpc-js';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { todoClient } from '../e2e/grpc-client.js';
import { finishedSpan, registerTestSdk } from './fixtures/sdk.js';
import { startTodo, type StartedTodo } from './fixtures/todo-app.js';

const sdk = registerTestSdk();
const SWITCH = Symbol.for('framework.dev.chainSpans');
const test = suite<{ todo: StartedTodo }>('chain steps as child spans');

test.before(async (context) => {
  (globalThis as Record<symbol, unknown>)[SWITCH] = trace.getTracer('@framework/core');
  try {
    context.todo = await startTodo();
  } finally {
    delete (globalThis as Record<symbol, unknown>)[SWITCH];
  }
});
test.after(async ({ todo }) => {
  await todo?.stop();
  await sdk.shutdown();
});

/** The finished step spans whose parent is `server` (sorted by name: steps may start within one clock tick). */
function children(server: ReadableSpan): ReadableSpan[] {
  return sdk.spans
    .getFinishedSpans()
    .filter((span) => span.parentSpanContext?.spanId === server.spanContext().spanId && span.spanContext().traceId === server.spanContext().traceId && span.attributes['framework.step.kind'] !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function settledChildren(server: ReadableSpan, count: number): Promise<ReadableSpan[]> {
  for (let waited = 0; waited < 2000; waited += 10) {
    if (children(server).length >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return children(server);
}

test('an HTTP call: its middleware, guard and handler, each a child span of the server span', async ({ todo }) => {
  sdk.spans.reset();
  const response = await fetch(`${todo.base}/todo/41`, { headers: { authorization: `Bearer ${todo.token}` } });
  assert.is(response.status, 404);
  const server = await finishedSpan(sdk, 'GET /todo/:id');
  const steps = await settledChildren(server, 3);
  assert.equal(
    steps.map((s) => s.name),
    ['guard AppGuard', 'handler TodoController.findOne', 'middleware anonymous'],
  );
  for (const step of steps) assert.is(step.kind, SpanKind.INTERNAL);
  assert.equal([steps[0]!.attributes['framework.step.kind'], steps[0]!.attributes['framework.step.name'], steps[0]!.attributes['framework.guard.allowed']], ['guard', 'AppGuard', true]);
  const handler = steps[1]!;
  assert.is(handler.status.code, SpanStatusCode.ERROR, 'the handler threw NotFoundException');
  assert.match(handler.status.message ?? '', /^NotFoundException: /);
});

test("a body route: the body's validation is its own span, and a refused body ends it with the error", async ({ todo }) => {
  sdk.spans.reset();
  const response = await fetch(`${todo.base}/todo`, { method: 'POST', headers: { authorization: `Bearer ${todo.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 7 }) });
  assert.is(response.status, 400);
  const server = await finishedSpan(sdk, 'POST /todo');
  const steps = await settledChildren(server, 3);
  const validation = steps.find((s) => s.name === 'validation body');
  assert.ok(validation, steps.map((s) => s.name).join(', '));
  assert.is(validation.status.code, SpanStatusCode.ERROR);
  assert.not.ok(steps.some((s) => s.attributes['framework.step.kind'] === 'handler'), 'the handler did not run');
});

test('a refusing guard: its span ends with the refusal, and no handler span follows', async ({ todo }) => {
  sdk.spans.reset();
  assert.is((await fetch(`${todo.base}/todo/41`)).status, 403);
  const server = await finishedSpan(sdk, 'GET /todo/:id');
  const steps = await settledChildren(server, 2);
  const guard = steps.find((s) => s.name === 'guard AppGuard');
  assert.ok(guard);
  assert.equal([guard.status.code, guard.status.message, guard.attributes['framework.guard.allowed']], [SpanStatusCode.ERROR, 'refused', false]);
  assert.not.ok(steps.some((s) => s.attributes['framework.step.kind'] === 'handler'));
});

test('a gRPC call: the same steps under its server span', async ({ todo }) => {
  sdk.spans.reset();
  const client = todoClient(todo.grpcAddress);
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${todo.token}`);
  const created = await new Promise<{ id: string }>((resolve, reject) => client.CreateTodo({ title: 'spans' }, metadata, (error, reply) => (reply ? resolve(reply) : reject(error))));
  client.close();
  assert.ok(created.id);
  const server = await finishedSpan(sdk, 'todo.TodoService/CreateTodo');
  const steps = await settledChildren(server, 3);
  assert.equal(
    steps.map((s) => s.name),
    ['guard AppGuard', 'handler TodoGrpcController.create', 'middleware anonymous'],
  );
});

test('an application initialised without the switch makes no step spans (its chain has none to check for)', async () => {
  const plain = await startTodo();
  try {
    sdk.spans.reset();
    assert.is((await fetch(`${plain.base}/todo/41`, { headers: { authorization: `Bearer ${plain.token}` } })).status, 404);
    const server = await finishedSpan(sdk, 'GET /todo/:id');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(children(server), []);
  } finally {
    await plain.stop();
  }
});

test.run();
