// Garbage Protobuf, lying length prefixes and oversized messages against the example's gRPC
// server, through a raw HTTP/2 client and grpc-js: each call ends with a gRPC status (never a
// crash or a hang), nothing is logged, and the server keeps serving.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:http2';
import { status as grpcStatus } from '@grpc/grpc-js';
import { startExample } from './fixtures/example.js';
import { call, todoClient } from '../e2e/grpc-client.js';
import { grpcFrame as frame, rawGrpcCall } from './fixtures/raw-grpc.js';

/** Sends `body` as a unary call over raw HTTP/2 and resolves with its grpc-status (-1 when none came within 3 s). */
async function rawCall(address: string, token: string, body: Buffer): Promise<number> {
  const session = connect(`http://${address}`);
  session.on('error', () => undefined);
  try {
    return (await rawGrpcCall(session, '/todo.TodoService/CreateTodo', [body], { headers: { authorization: `Bearer ${token}` } })).status;
  } finally {
    session.close();
  }
}

test('garbage, lying and oversized gRPC messages end in a status; the server keeps serving and logs nothing', async () => {
  const example = await startExample();
  const client = todoClient(example.grpcAddress);
  try {
    let seed = 7;
    const noise = Buffer.from(Array.from({ length: 256 }, () => (seed = (seed * 1103515245 + 12345) & 0xff)));
    const cases: [string, Buffer, number[]][] = [
      ['random bytes as the message', frame(noise), [grpcStatus.INTERNAL, grpcStatus.INVALID_ARGUMENT]],
      ['a field of the wrong wire type (decoded leniently or refused)', frame(Buffer.from([0x0d, 1, 2, 3, 4])), [grpcStatus.OK, grpcStatus.INTERNAL, grpcStatus.INVALID_ARGUMENT]],
      ['a string field claiming 1 GB (decoded leniently or refused)', frame(Buffer.from([0x0a, 0x80, 0x80, 0x80, 0x80, 0x04, 0x41])), [grpcStatus.OK, grpcStatus.INTERNAL, grpcStatus.INVALID_ARGUMENT]],
      ['a frame claiming 100 MB', frame(Buffer.from('x'), { length: 100 * 1024 * 1024 }), [grpcStatus.RESOURCE_EXHAUSTED, grpcStatus.INTERNAL]],
      ['compressed without an encoding', frame(Buffer.from('x'), { compressed: true }), [grpcStatus.INTERNAL, grpcStatus.UNIMPLEMENTED]],
      ['a truncated frame header', Buffer.from([0, 0, 0]), [grpcStatus.INTERNAL, grpcStatus.UNIMPLEMENTED, grpcStatus.INVALID_ARGUMENT]],
      ['a 5 KiB message (limit 4 KiB)', frame(Buffer.concat([Buffer.from([0x0a, 0x80, 0x28]), Buffer.alloc(5120, 0x61)])), [grpcStatus.RESOURCE_EXHAUSTED]],
    ];
    for (const [what, body, expected] of cases) {
      const status = await rawCall(example.grpcAddress, example.token, body);
      assert.ok(expected.includes(status), `${what}: grpc-status ${status}, expected one of ${expected.join(', ')}`);
    }
    const oversized = await call(client.CreateTodo, client, { title: 'x'.repeat(8 * 1024) }, example.token);
    assert.is('code' in oversized ? oversized.code : 'answered', grpcStatus.RESOURCE_EXHAUSTED, 'grpc-js: over maxReceiveMessageBytes');
    const tooLong = await call(client.CreateTodo, client, { title: 'x'.repeat(300) }, example.token);
    assert.is('code' in tooLong ? tooLong.code : 'answered', grpcStatus.INVALID_ARGUMENT, 'a title over 200 characters is refused by the service');
    const fine = await call(client.CreateTodo, client, { title: 'still serving' }, example.token);
    assert.ok(!('code' in fine) && fine.title === 'still serving', 'the server still serves');
    assert.equal(example.errors, []);
  } finally {
    client.close();
    await example.close();
  }
});

test.run();
