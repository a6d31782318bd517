// Server reflection, asked by a real grpc-js client: the descriptors loadProto makes only on
// demand must reach it whole (the service, its messages, the health service).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { connect } from 'node:http2';
import { credentials, loadPackageDefinition, type Client } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { startApp, type StartedApp } from './fixtures/harness.js';

const require = createRequire(import.meta.url);
const reflectionProto = require.resolve('@grpc/reflection/build/proto/grpc/reflection/v1/reflection.proto');
// protobufjs's descriptor types, to read the FileDescriptorProto bytes reflection answers with.
const { FileDescriptorProto } = require(require.resolve('protobufjs/ext/descriptor', { paths: [require.resolve('@grpc/proto-loader')] })) as {
  FileDescriptorProto: { decode(bytes: Uint8Array): { name: string; package: string; messageType: { name: string }[]; service: { name: string; method: { name: string }[] }[] } };
};

interface ReflectionAnswer {
  list_services_response?: { service: { name: string }[] };
  file_descriptor_response?: { file_descriptor_proto: Buffer[] };
  error_response?: { error_code: number; error_message: string };
}

const test = suite<{ started: StartedApp; client: Client }>('gRPC reflection');

test.before(async (context) => {
  context.started = await startApp({ grpcOptions: { reflection: true } });
  const Reflection = (loadPackageDefinition(loadSync(reflectionProto, { keepCase: true })) as any).grpc.reflection.v1.ServerReflection;
  context.client = new Reflection(`127.0.0.1:${context.started.grpcPort}`, credentials.createInsecure());
});

test.after(async ({ started, client }) => {
  client.close();
  await started.stop();
});

function ask(client: Client, request: object): Promise<ReflectionAnswer> {
  return new Promise((resolve, reject) => {
    const call = (client as any).ServerReflectionInfo();
    call.on('data', (answer: ReflectionAnswer) => {
      resolve(answer);
      call.end();
    });
    call.on('error', reject);
    call.write(request);
  });
}

test('lists the served services, health included', async ({ client }) => {
  const answer = await ask(client, { list_services: '' });
  const names = answer.list_services_response!.service.map((service) => service.name).sort();
  assert.equal(names, ['grpc.health.v1.Health', 'probe.ProbeService', 'todo.TodoService']);
});

test('gives the file of a service with its messages and RPCs', async ({ client }) => {
  const answer = await ask(client, { file_containing_symbol: 'todo.TodoService' });
  const files = answer.file_descriptor_response!.file_descriptor_proto.map((bytes) => FileDescriptorProto.decode(bytes));
  const todo = files.find((file) => file.package === 'todo');
  assert.ok(todo, `a file of package todo among ${files.map((file) => file.name).join(', ')}`);
  assert.equal(todo.service.map((service) => service.name), ['TodoService']);
  assert.equal(todo.service[0]!.method.map((method) => method.name), ['GetTodo', 'CreateTodo']);
  assert.ok(todo.messageType.some((type) => type.name === 'Todo'));
});

test('gives the health service\'s file, built in memory', async ({ client }) => {
  const answer = await ask(client, { file_containing_symbol: 'grpc.health.v1.Health' });
  const files = answer.file_descriptor_response!.file_descriptor_proto.map((bytes) => FileDescriptorProto.decode(bytes));
  const health = files.find((file) => file.package === 'grpc.health.v1');
  assert.equal(health?.service[0]?.method.map((method) => method.name), ['Check', 'List', 'Watch']);
});

test('a service the schema declares but the server does not serve is neither described nor found', async ({ client }) => {
  for (const request of [{ file_containing_symbol: 'probe.ProbeService' }, { file_by_filename: 'probe.proto' }]) {
    const answer = await ask(client, request);
    const files = answer.file_descriptor_response!.file_descriptor_proto.map((bytes) => FileDescriptorProto.decode(bytes));
    const probe = files.find((file) => file.package === 'probe');
    assert.equal(probe?.service.map((service) => service.name), ['ProbeService'], JSON.stringify(request));
    assert.ok(probe?.messageType.some((type) => type.name === 'Reply'), 'its messages stay');
  }
  for (const symbol of ['probe.ProbeAdmin', 'probe.ProbeAdmin.Purge']) {
    assert.is((await ask(client, { file_containing_symbol: symbol })).error_response?.error_code, 5, symbol);
  }
});

test('a client that sends requests and reads no answer is held by flow control, not answered into memory', async ({ started }) => {
  // A peer that never reads is spoken to by hand (a grpc-js client keeps reading its connection):
  // framed ServerReflectionRequests, each `file_containing_symbol` (field 4) 'todo.TodoService'.
  const symbol = Buffer.from('todo.TodoService');
  const request = Buffer.concat([Buffer.from([0, 0, 0, 0, symbol.length + 2, 0x22, symbol.length]), symbol]);
  const batch = Buffer.concat(Array.from({ length: 1000 }, () => request));
  const session = connect(`http://127.0.0.1:${started.grpcPort}`);
  session.on('error', () => undefined);
  const stream = session.request({ ':method': 'POST', ':path': '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo', 'content-type': 'application/grpc', te: 'trailers' });
  stream.on('error', () => undefined);
  stream.pause();
  const limit = 50_000;
  let written = 0;
  const writeMore = (): void => {
    while (written < limit) {
      written += 1000;
      if (!stream.write(batch)) return void stream.once('drain', writeMore);
    }
  };
  try {
    writeMore();
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Before, the server read them all and held every answer (about 285 bytes of heap per 25-byte request).
    assert.ok(written < limit / 2, `the server took ${written} requests while none of their answers was read`);
  } finally {
    session.destroy(); // closing the stream would wait for its unsent requests first
  }
});

test('an unknown symbol is NOT_FOUND', async ({ client }) => {
  const answer = await ask(client, { file_containing_symbol: 'todo.Nope' });
  assert.is(answer.error_response?.error_code, 5);
});

test.run();
