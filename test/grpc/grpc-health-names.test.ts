/**
 * Which names the gRPC health service reports, on a real server (port 0) with a real grpc-js
 * client: the server (`''`) and the served services, plus the names declared in
 * `health: { services }`. `setServingStatus` refuses any other name (a mistyped service would
 * otherwise appear in Check and List while the real one stays SERVING), saying how to declare one.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { FrameworkApplication } from '@framework/core';
import { GrpcServer, status, type GrpcServerOptions } from '@framework/grpc';
import { credentials, loadPackageDefinition, type ClientReadableStream, type ServiceClientConstructor, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { capturedLogger } from './fixtures/harness.js';
import { streamTables, StreamModule } from './fixtures/streaming/app.js';

const require = createRequire(new URL('../../runtime/grpc/package.json', import.meta.url));
const healthProto = (require('grpc-health-check') as { protoPath: string }).protoPath;
const HealthClient = (loadPackageDefinition(loadSync(healthProto, { keepCase: true, enums: String })) as unknown as { grpc: { health: { v1: { Health: ServiceClientConstructor } } } }).grpc.health.v1.Health;

interface Health {
  Check(request: { service: string }, callback: (error: ServiceError | null, answer?: { status: string }) => void): void;
  List(request: object, callback: (error: ServiceError | null, answer?: { statuses: Record<string, { status: string }> }) => void): void;
  Watch(request: { service: string }): ClientReadableStream<{ status: string }>;
  close(): void;
}

interface Started {
  readonly app: FrameworkApplication;
  readonly grpc: GrpcServer;
  readonly health: Health;
  stop(): Promise<void>;
}

async function start(options: GrpcServerOptions = {}): Promise<Started> {
  const app = new FrameworkApplication(streamTables(), { logger: capturedLogger() });
  const grpc = new GrpcServer(app, options);
  await app.init(StreamModule);
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  const health = new HealthClient(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as Health;
  return { app, grpc, health, stop: async () => (health.close(), await app.close()) };
}

const check = (health: Health, service: string): Promise<string> =>
  new Promise((resolve) => health.Check({ service }, (error, answer) => resolve(error ? `error ${error.code}` : answer!.status)));

const list = (health: Health): Promise<Record<string, string>> =>
  new Promise((resolve, reject) =>
    health.List({}, (error, answer) => (error ? reject(error) : resolve(Object.fromEntries(Object.entries(answer!.statuses).map(([name, { status }]) => [name, status]))))),
  );

const test = suite('gRPC health: the names reported');

test('setServingStatus refuses a name the server does not serve, saying how to declare one; Check and List do not show it', async () => {
  const { grpc, health, stop } = await start();
  try {
    // A mistyped service: accepted, it would be reported NOT_SERVING while the real one stays SERVING.
    assert.throws(
      () => grpc.setServingStatus('stream.StreamSerivce', 'NOT_SERVING'),
      (error: Error) =>
        error instanceof TypeError &&
        error.message ===
          "setServingStatus: 'stream.StreamSerivce' is not a service this gRPC server serves ('stream.StreamService'; '' is the server as a whole). " +
            "To report a name of your own, such as a Kubernetes probe's service, declare it: new GrpcServer(app, { health: { services: ['stream.StreamSerivce'] } }).",
    );
    assert.is(await check(health, 'stream.StreamSerivce'), `error ${status.NOT_FOUND}`);
    assert.is(await check(health, 'stream.StreamService'), 'SERVING');
    assert.equal(await list(health), { '': 'SERVING', 'stream.StreamService': 'SERVING' });
    // The names it serves are still set as before.
    grpc.setServingStatus('stream.StreamService', 'NOT_SERVING');
    grpc.setServingStatus('', 'NOT_SERVING');
    assert.equal(await list(health), { '': 'NOT_SERVING', 'stream.StreamService': 'NOT_SERVING' });
  } finally {
    await stop();
  }
});

test('a name declared in health.services is reported from the start, set like a service, and NOT_SERVING once close() begins', async () => {
  const { app, grpc, health, stop } = await start({ health: { services: ['readiness'] } });
  try {
    assert.is(await check(health, 'readiness'), 'SERVING');
    assert.equal(await list(health), { '': 'SERVING', 'stream.StreamService': 'SERVING', readiness: 'SERVING' });
    grpc.setServingStatus('readiness', 'NOT_SERVING');
    assert.equal([await check(health, 'readiness'), await check(health, 'stream.StreamService')], ['NOT_SERVING', 'SERVING']);
    grpc.setServingStatus('readiness', 'SERVING');
    assert.throws(() => grpc.setServingStatus('liveness', 'SERVING'), /'liveness' is not a service this gRPC server serves/);

    const watch = health.Watch({ service: 'readiness' });
    const statuses: string[] = [];
    const ended = new Promise<void>((resolve) => watch.on('status', () => resolve()));
    watch.on('data', (answer: { status: string }) => statuses.push(answer.status));
    watch.on('error', () => undefined);
    while (statuses.length === 0) await new Promise((r) => setTimeout(r, 10));
    await app.close();
    await ended;
    assert.equal(statuses, ['SERVING', 'NOT_SERVING']);
  } finally {
    await stop(); // close() is idempotent
  }
});

test('health.services must be texts: refused when the server is constructed', () => {
  const app = new FrameworkApplication(streamTables(), { logger: capturedLogger() });
  assert.throws(() => new GrpcServer(app, { health: { services: [42] as unknown as string[] } }), /health\.services must be an array of service names \(texts\); got \[42\]/);
  assert.throws(() => new GrpcServer(app, { health: { services: 'readiness' as unknown as string[] } }), /got "readiness"/);
});

test.run();
