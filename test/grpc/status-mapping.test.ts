import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { status } from '@framework/grpc';
import { failure, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';

const test = suite<{ started: StartedApp }>('gRPC status mapping (spec: Errors / gRPC status mapping)');

test.before(async (context) => {
  context.started = await startApp();
});
test.after(async ({ started }) => {
  await started.stop();
});

const httpRows: [number, number, string][] = [
  [404, status.NOT_FOUND, 'NOT_FOUND'],
  [403, status.PERMISSION_DENIED, 'PERMISSION_DENIED'],
  [429, status.RESOURCE_EXHAUSTED, 'RESOURCE_EXHAUSTED'],
  [400, status.INVALID_ARGUMENT, 'INVALID_ARGUMENT'],
  [401, status.UNAUTHENTICATED, 'UNAUTHENTICATED'],
  [409, status.ALREADY_EXISTS, 'ALREADY_EXISTS'],
  [500, status.INTERNAL, 'INTERNAL'],
  [503, status.UNAVAILABLE, 'UNAVAILABLE'],
  [422, status.INVALID_ARGUMENT, 'INVALID_ARGUMENT'],
  // Not in core's table: the closest by class.
  [499, status.CANCELLED, 'CANCELLED'],
  [460, status.FAILED_PRECONDITION, 'FAILED_PRECONDITION'],
  [599, status.INTERNAL, 'INTERNAL'],
];

for (const [httpStatus, code, name] of httpRows) {
  test(`HttpException ${httpStatus} answers ${name} with its message as details`, async ({ started }) => {
    const message = `custom message for ${httpStatus}`;
    const error = await failure(unary(started.probe, 'Fail', { kind: 'http', status: httpStatus, message }));
    assert.is(error.code, code);
    assert.is(error.details, message);
  });
}

test('a built-in exception (ForbiddenException) sends its fixed message', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Fail', { kind: 'forbidden' }));
  assert.is(error.code, status.PERMISSION_DENIED);
  assert.is(error.details, 'Forbidden');
});

test('NotFoundException of a missing todo answers NOT_FOUND "Not found"', async ({ started }) => {
  const error = await failure(unary(started.todo, 'GetTodo', { id: 'nope' }));
  assert.is(error.code, status.NOT_FOUND);
  assert.is(error.details, 'Not found');
});

test('an error that is not an HttpException answers UNKNOWN with its message, and is logged', async ({ started }) => {
  const before = started.logger.errors.length;
  const error = await failure(unary(started.probe, 'Fail', { kind: 'error', message: 'database on fire' }));
  assert.is(error.code, status.UNKNOWN);
  assert.is(error.details, 'database on fire');
  const logged = started.logger.errors.slice(before);
  assert.is(logged.length, 1);
  assert.match(logged[0]!.message, 'ProbeGrpc.fail');
  assert.instance(logged[0]!.error, Error);
});

test('an HttpException is a deliberate answer and is not logged as an error', async ({ started }) => {
  const before = started.logger.errors.length;
  await failure(unary(started.probe, 'Fail', { kind: 'http', status: 404, message: 'gone' }));
  assert.is(started.logger.errors.length, before);
});

test('an answer that does not fit the response message answers INTERNAL without its reason, and is logged with it', async ({ started }) => {
  const before = started.logger.errors.length;
  const error = await failure(unary(started.probe, 'Fail', { kind: 'misfit', message: 'not a list' }));
  assert.equal([error.code, error.details], [status.INTERNAL, 'Error serializing response']);
  const logged = started.logger.errors.slice(before);
  assert.is(logged.length, 1, 'the handler bug is logged once');
  assert.match(logged[0]!.message, 'ProbeGrpc.fail');
  assert.match((logged[0]!.error as Error).message, 'values: array expected');
});

test('a thrown non-Error value answers UNKNOWN with its text', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Fail', { kind: 'string', message: 'plain string' }));
  assert.is(error.code, status.UNKNOWN);
  assert.is(error.details, 'plain string');
});

test("a thrown status object ({ code, details }, no Error) answers with its own code and text, and is not logged", async ({ started }) => {
  const before = started.logger.errors.length;
  const error = await failure(unary(started.probe, 'Fail', { kind: 'status-object', status: status.ALREADY_EXISTS, message: 'todo 7 exists' }));
  assert.equal([error.code, error.details], [status.ALREADY_EXISTS, 'todo 7 exists']);
  assert.is(started.logger.errors.length, before);
  // A code outside 1–16 is no status: the object is an unexpected value as before.
  const odd = await failure(unary(started.probe, 'Fail', { kind: 'status-object', status: 99, message: 'x' }));
  assert.is(odd.code, status.UNKNOWN);
});

test('the server keeps serving after errors', async ({ started }) => {
  const { response } = await unary<{ text: string }>(started.probe, 'Slow', { ms: 0 });
  assert.is(response.text, 'slept 0');
});

test.run();
