// The gRPC server caps the connections it holds (`limits.maxConnections`, like HTTP's): one past
// the cap is closed as it arrives, the ones within it are served, and a freed slot is reusable.
import { FrameworkApplication } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { connect, type Socket } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tables } from '../../generated/todo/tables.js';

process.env.JWT_SECRET ??= 'reliability-secret-of-at-least-32-bytes';
const PREFACE = 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n';

/** A raw HTTP/2 connection: resolves once the server sent its SETTINGS, or closed the socket first. */
function open(port: number): Promise<{ socket: Socket; served: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${PREFACE}\x00\x00\x00\x04\x00\x00\x00\x00\x00`));
    socket.once('data', () => resolve({ socket, served: true }));
    socket.once('close', () => resolve({ socket, served: false }));
    socket.on('error', () => undefined);
  });
}

test('connections past limits.maxConnections are closed as they arrive; those within it are served', async () => {
  const { AppModule } = await import('../../examples/todo/src/app.module.js');
  const app = new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
  const grpc = new GrpcServer(app, { limits: { maxConnections: 3 } });
  await app.init(AppModule);
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  try {
    const held = [await open(port), await open(port), await open(port)];
    assert.equal(held.map((c) => c.served), [true, true, true]);
    const refused = await open(port);
    assert.is(refused.served, false, 'the fourth connection is closed');
    held[0]!.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await open(port);
    assert.is(again.served, true, 'a freed slot is reusable');
    for (const connection of [...held, again]) connection.socket.destroy();
  } finally {
    await app.close();
  }
  assert.throws(() => new GrpcServer(new FrameworkApplication(tables), { limits: { maxConnections: 0 } }), /maxConnections must be a positive whole number/);
});

test.run();
