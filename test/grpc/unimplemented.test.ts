import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ApplicationTables } from '@framework/core';
import { status } from '@framework/grpc';
import type { ClientDuplexStream, ClientReadableStream, ClientWritableStream, ServiceError } from '@grpc/grpc-js';
import { failure, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import { buildTables } from './fixtures/tables.js';

/** The tables without any trace of the Nothing RPC: neither bound nor listed as unimplemented. */
function tablesWithoutNothing(): ApplicationTables {
  const tables = buildTables();
  const [todo, probe] = tables.grpc;
  return { ...tables, grpc: [todo!, { ...probe!, methods: probe!.methods.filter((m) => m.rpc !== 'Nothing') }] };
}

/** The error a streaming call ends with; throws when it ends without one. */
function streamError(stream: ClientReadableStream<unknown> | ClientDuplexStream<unknown, unknown>): Promise<ServiceError> {
  return new Promise((resolve, reject) => {
    stream.on('data', () => reject(new Error('the stream sent a message')));
    stream.on('error', (error: ServiceError) => resolve(error));
    stream.on('end', () => reject(new Error('the stream ended without an error')));
  });
}

type StreamingClient = {
  Watch(request: object): ClientReadableStream<unknown>;
  Upload(callback: (error: ServiceError | null) => void): ClientWritableStream<unknown>;
  Chat(): ClientDuplexStream<unknown, unknown>;
};

const test = suite<{ started: StartedApp }>('UNIMPLEMENTED RPCs');

test.before(async (context) => {
  context.started = await startApp({ tables: tablesWithoutNothing() });
});
test.after(async ({ started }) => {
  await started.stop();
});

test('streaming RPCs no method binds are not warned about at start-up (the compiler reports them)', ({ started }) => {
  assert.equal(started.logger.warnings.filter((w) => w.includes('stream')), []);
});

test('a server-streaming RPC no method binds answers UNIMPLEMENTED saying why', async ({ started }) => {
  const error = await streamError((started.probe as unknown as StreamingClient).Watch({}));
  assert.is(error.code, status.UNIMPLEMENTED);
  assert.is(error.details, 'probe.ProbeService/Watch is not implemented by this server: no @GrpcMethod binds it.');
});

test('a client-streaming RPC answers UNIMPLEMENTED', async ({ started }) => {
  const error = await new Promise<ServiceError | null>((resolve) => {
    const upload = (started.probe as unknown as StreamingClient).Upload((e) => resolve(e));
    upload.write({ text: 'chunk' });
    upload.end();
  });
  assert.ok(error, 'the call must fail');
  assert.is(error!.code, status.UNIMPLEMENTED);
  assert.is(error!.details, 'probe.ProbeService/Upload is not implemented by this server: no @GrpcMethod binds it.');
});

test('a bidirectional-streaming RPC answers UNIMPLEMENTED', async ({ started }) => {
  const chat = (started.probe as unknown as StreamingClient).Chat();
  const ended = streamError(chat);
  chat.write({ text: 'hello' });
  const error = await ended;
  assert.is(error.code, status.UNIMPLEMENTED);
  assert.is(error.details, 'probe.ProbeService/Chat is not implemented by this server: no @GrpcMethod binds it.');
});

test('an RPC the tables list as unbound answers UNIMPLEMENTED', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Unbound', {}));
  assert.is(error.code, status.UNIMPLEMENTED);
  assert.is(error.details, 'probe.ProbeService/Unbound is not implemented by this server: no @GrpcMethod binds it.');
});

test('an RPC of the definition that no method binds answers UNIMPLEMENTED even when the tables do not list it', async ({ started }) => {
  const error = await failure(unary(started.probe, 'Nothing', {}));
  assert.is(error.code, status.UNIMPLEMENTED);
  assert.match(error.details, 'Nothing is not implemented');
});

test('a method path no service has answers UNIMPLEMENTED (grpc-js)', async ({ started }) => {
  const error = await new Promise<ServiceError | null>((resolve) => {
    const identity = (value: Buffer) => value;
    started.probe.makeUnaryRequest('/probe.Nowhere/Call', identity, identity, Buffer.alloc(0), (e) => resolve(e));
  });
  assert.ok(error, 'the call must fail');
  assert.is(error!.code, status.UNIMPLEMENTED);
});

test('the bound RPCs keep working', async ({ started }) => {
  const { response } = await unary<{ text: string }>(started.probe, 'Open', {});
  assert.is(response.text, 'open');
});

test.run();
