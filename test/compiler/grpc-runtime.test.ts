/**
 * The emitted gRPC table is the runtime's contract: the committed golden tables of the grpc-golden
 * fixture are served by the real GrpcServer and called with a real grpc-js client.
 */
import { credentials, loadPackageDefinition, Metadata, type Client, type ServiceClientConstructor, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { FrameworkApplication, type Logger } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppModule } from './fixtures/grpc-golden/src/app.module.js';
import { tables } from './fixtures/grpc-golden/expected/tables.js';

const protoPath = (name: string): string => fileURLToPath(new URL(`./fixtures/grpc-golden/src/protos/${name}.proto`, import.meta.url));

function client(name: string, service: string[], port: number): Client {
  let node: unknown = loadPackageDefinition(loadSync(protoPath(name), { keepCase: true, defaults: true }));
  for (const part of service) node = (node as Record<string, unknown>)[part];
  return new (node as ServiceClientConstructor)(`127.0.0.1:${port}`, credentials.createInsecure());
}

interface Answer {
  readonly error?: ServiceError;
  readonly response?: Record<string, unknown>;
  /** Trailing metadata: where the runtime sends `context.setResponseHeader` values. */
  readonly trailers: Metadata;
}

function call(c: Client, rpc: string, request: object, metadata = new Metadata()): Promise<Answer> {
  return new Promise((resolve) => {
    let outcome: { error?: ServiceError; response?: Record<string, unknown> } = {};
    const method = (c as unknown as Record<string, Function>)[rpc]!;
    const pending = method.call(c, request, metadata, (error: ServiceError | null, response?: Record<string, unknown>) => {
      outcome = { ...(error ? { error } : {}), ...(response ? { response } : {}) };
    });
    // The status event comes after the callback, with the trailers.
    pending.on('status', (status: { metadata: Metadata }) => setImmediate(() => resolve({ ...outcome, trailers: status.metadata })));
  });
}

const warnings: string[] = [];
const logger: Logger = { log: () => {}, warn: (m) => void warnings.push(m), error: () => {} };
const app = new FrameworkApplication(tables, { logger });
const grpc = new GrpcServer(app);
await app.init(AppModule);
const port = await grpc.listen(0, undefined, '127.0.0.1');
const todo = client('todo', ['todo', 'TodoService'], port);
const probe = client('probe', ['probe', 'v1', 'ProbeService'], port);

test('GetTodo and CreateTodo (bound by name, with metadata values) run through the emitted invoke closures', async () => {
  const tags = new Metadata();
  tags.add('x-tag', 'a');
  tags.add('x-tag', 'b');
  const created = await call(todo, 'CreateTodo', { title: 'write tests' }, tags);
  assert.equal(created.response, { id: '1', title: 'write tests [a,b]', done: false });
  const found = await call(todo, 'GetTodo', { id: '1' });
  assert.equal(found.response, { id: '1', title: 'write tests [a,b]', done: false });
  const missing = await call(todo, 'GetTodo', { id: '9' });
  assert.is(missing.error?.code, 5, 'NOT_FOUND');
});

test('payload (keepCase), whole metadata, metadata values and the context reach the handler; class guard and middleware run', async () => {
  const metadata = new Metadata();
  metadata.set('x-single', 'one');
  metadata.add('x-tag', 't');
  const echoed = await call(probe, 'Echo', { text: 'hi', user_id: 'ada' }, metadata);
  assert.match(String(echoed.response?.text), /^hi from ada over grpc \(trace \d+\)$/);
  assert.equal(echoed.response?.values, ['one', 't']);
  assert.equal(echoed.trailers.get('x-transport'), ['grpc']);
  assert.is(echoed.trailers.get('x-trace')[0], /\(trace (\d+)\)/.exec(String(echoed.response?.text))?.[1], 'the guard and the handler share the request-scoped trace');
});

test('the method filter answers an HttpException', async () => {
  const limited = await call(probe, 'Limited', {});
  assert.equal(limited.response, { text: 'filtered 418', values: [] });
});

test('an RPC listed in unimplemented answers UNIMPLEMENTED', async () => {
  assert.is((await call(probe, 'Unbound', {})).error?.code, 12);
  assert.equal(warnings, []);
});

test('a server-streaming RPC runs through the emitted tables: one message per yield, guard and middleware once', async () => {
  const stream = (probe as unknown as Record<string, Function>).Watch!.call(probe, { text: 'a b c', user_id: 'ada' }) as NodeJS.EventEmitter;
  const texts: string[] = [];
  const trailers = await new Promise<Metadata>((resolve, reject) => {
    stream.on('data', (reply: { text: string }) => texts.push(reply.text));
    stream.on('error', reject);
    stream.on('status', (status: { metadata: Metadata }) => resolve(status.metadata));
  });
  const trace = /\(trace (\d+)\)/.exec(texts[0] ?? '')?.[1];
  assert.equal(texts, [`a (trace ${trace})`, `b (trace ${trace})`, `c (trace ${trace})`], 'one request scope for the whole call');
  assert.equal(trailers.get('x-transport'), ['grpc']);
  assert.equal(trailers.get('x-trace'), [trace!]);
});

test('stop', async () => {
  todo.close();
  probe.close();
  await app.close();
});

test.run();
