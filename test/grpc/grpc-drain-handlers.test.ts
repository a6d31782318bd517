/**
 * `app.close()` drains the gRPC server: it waits for the calls in flight and for the handlers
 * still running after their client cancelled (unary, and a stream's generator still in its
 * `finally`), so `onAppClose` does not tear down a provider under them; bounded by
 * `shutdownTimeoutMs`, after which it warns and goes on. Real server on port 0, real grpc-js client.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication } from '@framework/core';
import { GrpcServer, Metadata, status, type GrpcServerOptions } from '@framework/grpc';
import { credentials, loadPackageDefinition, type ClientReadableStream, type ClientUnaryCall, type ServiceClientConstructor, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { capturedLogger, type CapturedLogger } from './fixtures/harness.js';
import { drainTables, DrainModule, Pool } from './fixtures/drain/app.js';
import { streamProtoPath, type Tick } from './fixtures/streaming/app.js';

interface StreamClient {
  Count(request: object): ClientReadableStream<Tick>;
  Wait(request: object, metadata: Metadata, options: object, callback: (error: ServiceError | null) => void): ClientUnaryCall;
  close(): void;
}

const StreamService = (loadPackageDefinition(loadSync(streamProtoPath, { keepCase: true, defaults: true })) as unknown as { stream: { StreamService: ServiceClientConstructor } }).stream.StreamService;

interface Started {
  readonly app: FrameworkApplication;
  readonly client: StreamClient;
  readonly logger: CapturedLogger;
  readonly pool: Pool;
}

async function start(options: GrpcServerOptions = {}): Promise<Started> {
  const logger = capturedLogger();
  const app = new FrameworkApplication(drainTables(), { logger, telemetry: false });
  const grpc = new GrpcServer(app, options);
  await app.init(DrainModule);
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  const client = new StreamService(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as StreamClient;
  return { app, client, logger, pool: Pool.instance! };
}

async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(5);
  }
}

/** A unary call the client cancels once its handler runs; resolves with the status the client got. */
async function cancelledWait(started: Started, ms: number): Promise<number> {
  let code = -1;
  const call = started.client.Wait({ ms }, new Metadata(), {}, (error) => (code = error?.code ?? 0));
  await until(() => started.pool.started === 1, 'the handler started');
  call.cancel();
  await until(() => code !== -1, 'the client saw the cancel');
  return code;
}

const test = suite('gRPC drain waits for handlers still running after a cancel');

test('unary: close() waits for a handler its client cancelled; onAppClose runs after it', async () => {
  const started = await start();
  try {
    assert.is(await cancelledWait(started, 300), status.CANCELLED);
    const begin = performance.now();
    await started.app.close();
    assert.equal(started.pool.uses, ['open'], 'the handler used the pool before onAppClose tore it down');
    assert.is(started.pool.ended, 1);
    assert.ok(performance.now() - begin >= 150, `close() returned after ${Math.round(performance.now() - begin)} ms, before the handler ended`);
    assert.equal(started.logger.warnings, []);
  } finally {
    started.client.close();
    await started.app.close();
  }
});

test('server streaming: close() waits for the generator its client cancelled to finish its finally', async () => {
  const started = await start();
  try {
    const stream = started.client.Count({ ms: 300 });
    const ended = new Promise<number>((resolve) => stream.on('status', (s: { code: number }) => resolve(s.code)));
    stream.on('error', () => undefined);
    let received = 0;
    stream.on('data', () => received++);
    await until(() => received >= 2, 'two messages arrived');
    stream.cancel();
    assert.is(await ended, status.CANCELLED);
    await started.app.close();
    assert.equal(started.pool.uses, ['open'], "the generator's finally used the pool before onAppClose tore it down");
    assert.is(started.pool.ended, 1);
  } finally {
    started.client.close();
    await started.app.close();
  }
});

test('the wait is bounded by shutdownTimeoutMs: close() then warns that handlers still run, and goes on', async () => {
  const started = await start({ shutdownTimeoutMs: 200 });
  try {
    assert.is(await cancelledWait(started, 1500), status.CANCELLED);
    const begin = performance.now();
    await started.app.close();
    const took = performance.now() - begin;
    assert.ok(took < 1000, `close() took ${Math.round(took)} ms`);
    assert.is(started.pool.ended, 0);
    assert.equal(started.logger.warnings, [
      'GrpcServer: 1 handler still running 200 ms after app.close() began (its client is gone, or its call was cut); the providers close under it. Pass context.signal to what a handler awaits, so that it stops with its call.',
    ]);
    await until(() => started.pool.ended === 1, 'the handler ended', 3000);
  } finally {
    started.client.close();
    await started.app.close();
  }
});

test.run();
