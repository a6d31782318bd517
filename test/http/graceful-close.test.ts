// app.close() on Node: busy keep-alive connections are answered with `Connection: close`, a request
// already on its way on an idle one is still answered, close() returns as soon as the last answer
// is sent, and shutdownTimeoutMs bounds a stuck one. Server limits are checked at construction.
import { FrameworkApplication, DEFAULT_SERVER_LIMITS, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect, type Socket } from 'node:net';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));

/** A keep-alive connection that reads one response at a time. */
class Connection {
  private buffer = '';
  private waiting?: () => void;
  closed = false;
  private readonly socket: Socket;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (data) => {
      this.buffer += data.toString();
      this.waiting?.();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    this.socket.on('error', () => undefined);
  }

  /** Sends a GET and resolves with the raw response (status line, headers, body), or '' when the connection closed first. */
  async get(path: string): Promise<string> {
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(this.buffer)?.[1] ?? -1);
      if (end !== -1 && length >= 0 && this.buffer.length >= end + 4 + length) {
        const response = this.buffer.slice(0, end + 4 + length);
        this.buffer = this.buffer.slice(end + 4 + length);
        return response;
      }
      if (this.closed) return '';
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

async function started(shutdownTimeoutMs = 5000): Promise<{ app: FrameworkApplication; port: number }> {
  const app = await new FrameworkApplication(tables, { shutdownTimeoutMs }).init(AppModule);
  return { app, port: await app.listen(0, '127.0.0.1') };
}

test('a busy keep-alive connection gets Connection: close; close() returns when it is answered, not after the grace period', async () => {
  const { app, port } = await started();
  const connection = new Connection(port);
  assert.match(await connection.get('/features/text'), /connection: keep-alive/i);
  const slow = connection.get('/features/slow');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const begin = performance.now();
  await Promise.all([app.close(), slow.then((response) => {
    assert.match(response, /^HTTP\/1\.1 200/);
    assert.match(response, /connection: close/i);
  })]);
  const took = performance.now() - begin;
  assert.ok(took < 1000, `close() took ${took.toFixed(0)} ms (the slow route needs about 200 more)`);
  assert.ok(await waitFor(() => connection.closed), 'the connection was closed after the answer');
});

test('a request sent on an idle keep-alive connection just after close() began is answered, with Connection: close', async () => {
  const { app, port } = await started();
  const connection = new Connection(port);
  assert.match(await connection.get('/features/text'), /^HTTP\/1\.1 200/);
  const closing = app.close();
  const late = await connection.get('/features/text');
  assert.match(late, /^HTTP\/1\.1 200/, 'answered, not reset');
  assert.match(late, /connection: close/i);
  await closing;
});

test('an idle keep-alive connection does not hold close() beyond a short linger', async () => {
  const { app, port } = await started();
  const connection = new Connection(port);
  await connection.get('/features/text');
  const begin = performance.now();
  await app.close();
  assert.ok(performance.now() - begin < 1000, 'close() waited on an idle connection');
  assert.ok(await waitFor(() => connection.closed));
});

test('shutdownTimeoutMs bounds a request that outlives it: close() returns and the connection is cut', async () => {
  const { app, port } = await started(50);
  const connection = new Connection(port);
  const slow = connection.get('/features/slow');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const begin = performance.now();
  await app.close();
  assert.ok(performance.now() - begin < 250, 'close() waited for the slow request');
  assert.is(await slow, '', 'the stuck request lost its connection');
});

test('server limits: defaults are documented, wrong values are refused when the application is created', () => {
  assert.equal({ ...DEFAULT_SERVER_LIMITS }, { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 10_000 });
  const refused = (options: object) => {
    try {
      new FrameworkApplication(tables, options);
    } catch (error) {
      assert.instance(error, TypeError);
      return (error as Error).message;
    }
    return 'accepted';
  };
  assert.is(refused({ headersTimeoutMs: 0 }), 'FrameworkApplication: headersTimeoutMs must be a positive whole number of milliseconds; got 0.');
  assert.is(refused({ maxConnections: 1.5 }), 'FrameworkApplication: maxConnections must be a positive whole number of connections; got 1.5.');
  assert.is(
    refused({ headersTimeoutMs: 20_000, requestTimeoutMs: 10_000 }),
    'FrameworkApplication: requestTimeoutMs (10000) must be at least headersTimeoutMs (20000): the headers are part of the request.',
  );
  assert.is(refused({ keepAliveTimeoutMs: 65_000 }), 'accepted');
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
}

test.run();
