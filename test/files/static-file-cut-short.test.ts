// A static file cut short while it is sent (a deploy rewriting it in place): the answer promised its
// length at the stat, and bytes that no longer exist cannot be sent, so the connection is cut, on
// the node adapter and on the web one. Left open, the client waited for the rest until its timeout.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../http/fixtures/app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../http/fixtures/app/', import.meta.url));
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-static-cut-'));
const file = path.join(root, 'large.bin');
const SIZE = 20 * 1024 * 1024;

for (const adapter of ['node', 'web'] as const) {
  const test = suite(`a static file cut short while sent (${adapter} adapter)`);

  test('the connection is cut once the file ends before its promised length', async () => {
    fs.writeFileSync(file, Buffer.alloc(SIZE, 1));
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    const app = new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
    app.serveStatic('/assets', root);
    await app.init(AppModule);
    const port = await app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
    try {
      const outcome = await new Promise<{ closed: boolean; received: number }>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let received = 0;
        socket.on('data', (chunk: Buffer) => (received += chunk.length));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(waiting);
          resolve({ closed: true, received });
        });
        socket.write('GET /assets/large.bin HTTP/1.1\r\nHost: x\r\n\r\n');
        // The client reads slowly: the server is still sending when the file shrinks to 1 MiB.
        socket.pause();
        setTimeout(() => {
          fs.truncateSync(file, 1024 * 1024);
          socket.resume();
        }, 300);
        const waiting = setTimeout(() => {
          resolve({ closed: false, received });
          socket.destroy();
        }, 3000);
      });
      assert.ok(outcome.closed, `the connection was left open after ${outcome.received} bytes`);
      assert.ok(outcome.received < SIZE);
    } finally {
      await app.close();
    }
  });

  test.run();
}

const cleanup = suite('cleanup');
cleanup('the files go', () => fs.rmSync(root, { recursive: true, force: true }));
cleanup.run();
