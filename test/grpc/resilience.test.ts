import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setTimeout as delay } from 'node:timers/promises';
import { Metadata, status } from '@framework/grpc';
import type { ServiceError } from '@grpc/grpc-js';
import { failure, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import { ProbeGrpc } from './fixtures/probe.js';
import type { Reply, Todo } from './fixtures/protos.js';

const crashes: unknown[] = [];
process.on('unhandledRejection', (reason) => crashes.push(reason));
process.on('uncaughtException', (error) => crashes.push(error));

const test = suite<{ started: StartedApp }>('bad input, cancellation and deadlines do not stop the server');

test.before(async (context) => {
  context.started = await startApp({ grpcOptions: { serverOptions: { 'grpc.max_receive_message_length': 1024 } } });
});
test.after(async ({ started }) => {
  await started.stop();
});

async function stillServing(started: StartedApp): Promise<void> {
  const { response } = await unary<Todo>(started.todo, 'CreateTodo', { title: 'still here' });
  assert.is(response.title, 'still here');
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !condition(); i++) await delay(10);
  assert.ok(condition(), `timed out waiting for ${what}`);
}

test('malformed request bytes answer INTERNAL "Error deserializing request"', async ({ started }) => {
  const identity = (value: Buffer) => value;
  const error = await new Promise<ServiceError | null>((resolve) => {
    started.todo.makeUnaryRequest('/todo.TodoService/GetTodo', identity, identity, Buffer.from([0xff, 0xff, 0xff]), (e) => resolve(e));
  });
  assert.ok(error, 'the call must fail');
  assert.is(error!.code, status.INTERNAL);
  assert.match(error!.details, 'Error deserializing request');
  await stillServing(started);
});

test('a request larger than the configured limit answers RESOURCE_EXHAUSTED', async ({ started }) => {
  const error = await failure(unary(started.todo, 'CreateTodo', { title: 'x'.repeat(4096) }));
  assert.is(error.code, status.RESOURCE_EXHAUSTED);
  await stillServing(started);
});

test('a passed deadline answers DEADLINE_EXCEEDED; the late answer is dropped', async ({ started }) => {
  const finished = ProbeGrpc.slowFinished;
  const error = await failure(unary(started.probe, 'Slow', { ms: 400 }, new Metadata(), { deadline: Date.now() + 150 }));
  assert.is(error.code, status.DEADLINE_EXCEEDED);
  await waitFor(() => ProbeGrpc.slowFinished > finished, 'the slow handler to finish');
  await stillServing(started);
});

test('a call the client cancels ends CANCELLED; the handler finishes without harm', async ({ started }) => {
  const [startedBefore, finished] = [ProbeGrpc.slowStarted, ProbeGrpc.slowFinished];
  const call = unary<Reply>(started.probe, 'Slow', { ms: 100 });
  await waitFor(() => ProbeGrpc.slowStarted > startedBefore, 'the slow handler to start');
  call.cancel();
  const error = await failure(call);
  assert.is(error.code, status.CANCELLED);
  await waitFor(() => ProbeGrpc.slowFinished > finished, 'the slow handler to finish');
  await stillServing(started);
});

test('nothing above reached the process as an unhandled error', () => {
  assert.equal(crashes, []);
});

test.run();
