import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
// #if grpc
import { fileURLToPath } from 'node:url';
import { credentials, loadPackageDefinition, type Client, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
// #endif
import { bootstrap } from '../src/bootstrap.js';

// The real server on a free port, called with fetch: what a client of the API sees.
let base = '';
// #if grpc
let grpcAddress = '';
const { app, grpc } = await bootstrap();
before(async () => {
  base = `http://localhost:${await app.listen(0)}`;
  grpcAddress = `localhost:${await grpc.listen(0, undefined, '127.0.0.1')}`;
});
// #else
const app = await bootstrap();
before(async () => {
  base = `http://localhost:${await app.listen(0)}`;
});
// #endif
after(() => app.close());

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('POST /greetings creates a greeting, GET reads it back', async () => {
  const created = await post('/greetings', { name: 'Ada' });
  assert.equal(created.status, 201);
  const greeting = (await created.json()) as { id: number; message: string };
  assert.equal(greeting.message, 'Hello, Ada!');
  const read = await fetch(`${base}/greetings/${greeting.id}`);
  assert.deepEqual(await read.json(), greeting);
});

test('an invalid body is refused with 400 and the reason', async () => {
  const response = await post('/greetings', { name: 42 });
  assert.equal(response.status, 400);
  const body = (await response.json()) as { name: string; reasons: { property: string }[] };
  assert.equal(body.name, 'NotValidBodyException');
  // One reason per failed rule (IsString, Length), all about `name`.
  assert.deepEqual([...new Set(body.reasons.map((r) => r.property))], ['name']);
});

test('an unknown greeting is a 404', async () => {
  assert.equal((await fetch(`${base}/greetings/999`)).status, 404);
});
// #if grpc

test('gRPC greeting.Greeter/SayHello answers over a real gRPC connection', async () => {
  const definition = loadSync(fileURLToPath(new URL('../../src/greeting/greeting.proto', import.meta.url)));
  const Greeter = (loadPackageDefinition(definition).greeting as Record<string, new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => Client>).Greeter!;
  const client = new Greeter(grpcAddress, credentials.createInsecure()) as Client & {
    SayHello(request: { name: string }, callback: (error: ServiceError | null, reply?: { id: number; message: string }) => void): void;
  };
  try {
    const reply = await new Promise<{ id: number; message: string }>((resolve, reject) =>
      client.SayHello({ name: 'Grace' }, (error, value) => (error ? reject(error) : resolve(value!))),
    );
    assert.equal(reply.message, 'Hello, Grace!');
  } finally {
    client.close();
  }
});
// #endif
