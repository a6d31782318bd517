import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, metadataOf, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import type { Reply, Todo } from './fixtures/protos.js';

const test = suite<{ started: StartedApp }>('unary RPCs');

test.before(async (context) => {
  context.started = await startApp();
});
test.after(async ({ started }) => {
  await started.stop();
});

test('listen resolves with the port the OS picked for port 0', ({ started }) => {
  assert.ok(Number.isInteger(started.grpcPort) && started.grpcPort > 0, `port ${started.grpcPort}`);
});

test('CreateTodo (bound by name) receives the payload and answers the response message', async ({ started }) => {
  const { response } = await unary<Todo>(started.todo, 'CreateTodo', { title: 'write tests' });
  assert.equal(response, { id: response.id, title: 'write tests', done: false });
  assert.ok(response.id.length > 0);
});

test('GetTodo (bound by its own name) reads back what CreateTodo stored', async ({ started }) => {
  const created = await unary<Todo>(started.todo, 'CreateTodo', { title: 'read me' });
  const { response } = await unary<Todo>(started.todo, 'GetTodo', { id: created.response.id });
  assert.equal(response, created.response);
});

test('@GrpcMetadata(key) receives every value of a repeated key, in order', async ({ started }) => {
  const metadata = metadataOf(['x-tag', 'red'], ['x-tag', 'blue'], ['x-tag', 'green']);
  const { response } = await unary<Todo>(started.todo, 'CreateTodo', { title: 'tagged' }, metadata);
  assert.is(response.title, 'tagged [red,blue,green]');
});

test('@GrpcMetadata(key) is an empty array when the key is absent', async ({ started }) => {
  const { response } = await unary<Reply>(started.probe, 'Inspect', {});
  assert.equal(response.values, []);
  assert.is(response.text, '');
});

test('@GrpcMetadata() is the whole Metadata object of the call', async ({ started }) => {
  const metadata = metadataOf(['x-single', 'one'], ['x-tag', 'a'], ['x-tag', 'b']);
  const { response } = await unary<Reply>(started.probe, 'Inspect', {}, metadata);
  assert.is(response.text, 'one');
  assert.equal(response.values, ['a', 'b']);
});

test('@GrpcMetadata(key) gives binary (-bin) values base64-encoded', async ({ started }) => {
  const metadata = metadataOf(['x-single', 'one']);
  metadata.add('x-bin', Buffer.from([1, 2, 3]));
  metadata.add('x-bin', Buffer.from('hi'));
  const { response } = await unary<Reply>(started.probe, 'Inspect', {}, metadata);
  assert.equal(response.values, ['bin:AQID', 'bin:aGk=']);
});

test('a handler returning undefined answers the empty message', async ({ started }) => {
  const { response } = await unary<Reply>(started.probe, 'Nothing', {});
  assert.equal(response, { text: '', values: [] });
});

test('an async handler is awaited', async ({ started }) => {
  const { response } = await unary<Reply>(started.probe, 'Slow', { ms: 5 });
  assert.is(response.text, 'slept 5');
});

test('context: transport, peer address, handler, class and route reach middleware; setResponseHeader sends trailing metadata', async ({ started }) => {
  const { trailers } = await unary<Reply>(started.probe, 'Inspect', {});
  assert.equal(trailers.get('x-transport'), ['grpc']);
  assert.equal(trailers.get('x-peer'), ['127.0.0.1']);
  assert.equal(trailers.get('x-handler'), ['inspect']);
  assert.equal(trailers.get('x-class'), ['ProbeGrpc']);
  assert.equal(trailers.get('x-route'), ['ProbeGrpc.inspect']);
});

test('response metadata named as a transport header (connection, te, content-type, grpc-status, …) is not sent, and the call is answered', async ({ started }) => {
  // HTTP/2 forbids the connection headers (Node threw writing them, crashing the process); gRPC owns content-type and grpc-*.
  const names = ['Connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'proxy-connection', 'content-type', 'grpc-status', 'grpc-message'];
  const metadata = metadataOf(['x-set-header', ['x-kept=yes', ...names.map((name) => `${name}=0`)].join(',')]);
  const { trailers } = await unary<Reply>(started.probe, 'Inspect', {}, metadata);
  assert.equal(trailers.get('x-kept'), ['yes']);
  for (const name of names) assert.equal(trailers.get(name), [], name);
  metadata.set('x-fail', '1');
  const error = await failure(unary(started.probe, 'Inspect', {}, metadata));
  assert.equal([error.code, error.details], [5, 'refused after setting headers'], 'grpc-status and grpc-message set by the chain do not replace the status');
  assert.equal(error.metadata.get('x-kept'), ['yes']);
});

test('an HTTP-only parameter read on gRPC fails with a TypeError saying so (UNKNOWN)', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Misuse', {}));
  assert.is(error.code, 2);
  assert.match(error.details, '@Param(name) is only available on HTTP calls');
});

test('many concurrent calls are all answered', async ({ started }) => {
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => unary<Todo>(started.todo, 'CreateTodo', { title: `n${i}` })));
  assert.equal(answers.map((a) => a.response.title), Array.from({ length: 50 }, (_, i) => `n${i}`));
});

test.run();
