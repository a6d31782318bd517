import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpException, type ExecutionContext } from '@framework/core';
import { status } from '@framework/grpc';
import { failure, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import type { Reply } from './fixtures/protos.js';

const seen: string[] = [];

/** Global middleware: records every call and answers Nothing itself, without calling next(). */
async function recordAndShortCircuit(context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
  seen.push(`${context.transport} ${context.getRoute().name}`);
  context.setResponseHeader('x-seen-by', 'global middleware');
  if (context.getRoute().name === 'ProbeGrpc.nothing') return { text: 'answered by middleware' };
  return next();
}

/** Global filter: turns 418 into a reply; anything else passes on. */
const teapotFilter = {
  catch(error: unknown): Reply | undefined {
    return error instanceof HttpException && error.status === 418 ? { text: 'teapot handled globally' } : undefined;
  },
};

const test = suite<{ started: StartedApp }>('the request chain on gRPC calls');

test.before(async (context) => {
  context.started = await startApp({
    configure: (app) => app.useGlobalMiddleware(recordAndShortCircuit).useGlobalFilters(teapotFilter),
  });
});
test.after(async ({ started }) => {
  await started.stop();
});

test('global middleware runs for gRPC calls and sees the route', async ({ started }) => {
  seen.length = 0;
  await unary(started.todo, 'CreateTodo', { title: 'x' });
  assert.equal(seen, ['grpc TodoGrpc.create']);
});

test('middleware that does not call next() answers with its own value', async ({ started }) => {
  const { response } = await unary<Reply>(started.probe, 'Nothing', {});
  assert.is(response.text, 'answered by middleware');
});

test('route middleware runs and can set response metadata', async ({ started }) => {
  const { trailers } = await unary<Reply>(started.probe, 'Inspect', {});
  assert.equal(trailers.get('x-transport'), ['grpc']);
});

test('a method exception filter turns an HttpException into a reply', async ({ started }) => {
  const { response } = await unary<Reply>(started.probe, 'Recover', { kind: 'http', status: 404, message: 'missing' });
  assert.is(response.text, 'filtered 404: missing');
});

test('an error the filter does not catch (@Catch(HttpException)) still answers UNKNOWN', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Recover', { kind: 'error', message: 'not an http error' }));
  assert.is(error.code, status.UNKNOWN);
  assert.is(error.details, 'not an http error');
});

test('a global filter answers errors of RPCs without their own filter', async ({ started }) => {
  const { response } = await unary<Reply>(started.probe, 'Fail', { kind: 'http', status: 418, message: 'tea' });
  assert.is(response.text, 'teapot handled globally');
});

test('a global filter that returns undefined passes the error on to the status mapping', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Fail', { kind: 'http', status: 409, message: 'dup' }));
  assert.is(error.code, status.ALREADY_EXISTS);
});

test('response metadata set before a failure reaches the client with the error status', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Fail', { kind: 'http', status: 429, message: 'slow down' }));
  assert.is(error.code, status.RESOURCE_EXHAUSTED);
  assert.equal(error.metadata.get('x-seen-by'), ['global middleware']);
});

test('a request-scoped provider is fresh for every call', async ({ started }) => {
  const first = await unary<Reply>(started.probe, 'Trace', {});
  const second = await unary<Reply>(started.probe, 'Trace', {});
  assert.is.not(first.response.text, second.response.text);
});

test('within one call, the request-scoped guard and the controller share the instance', async ({ started }) => {
  const answers = await Promise.all([1, 2, 3].map(() => unary<Reply>(started.probe, 'Trace', {})));
  for (const { response, trailers } of answers) {
    assert.equal(trailers.get('x-guard-trace'), [response.text]);
  }
  assert.is(new Set(answers.map((a) => a.response.text)).size, 3);
});

test.run();
