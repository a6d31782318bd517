/**
 * The standard health service on a real server with a real grpc-js client: SERVING after init,
 * per service and overall; a status set by the application reaches watchers; NOT_SERVING once
 * close() begins, and close() does not wait for open Watch streams.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { FrameworkApplication, HealthConfig, type ApplicationTables, type HealthIndicator } from '@framework/core';
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

async function start(options: GrpcServerOptions = {}, tables: ApplicationTables = streamTables()): Promise<{ app: FrameworkApplication; grpc: GrpcServer; health: Health; port: number }> {
  const app = new FrameworkApplication(tables, { logger: capturedLogger() });
  const grpc = new GrpcServer(app, options);
  await app.init(StreamModule);
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  return { app, grpc, port, health: new HealthClient(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as Health };
}

const check = (health: Health, service: string): Promise<string> =>
  new Promise((resolve) => health.Check({ service }, (error, answer) => resolve(error ? `error ${error.code}` : answer!.status)));

const test = suite('gRPC health');

test('SERVING after init, for the server and each service; an unknown service is NOT_FOUND; List has them all', async () => {
  const { app, health } = await start();
  assert.is(await check(health, ''), 'SERVING');
  assert.is(await check(health, 'stream.StreamService'), 'SERVING');
  assert.is(await check(health, 'no.Such'), `error ${status.NOT_FOUND}`);
  const listed = await new Promise<Record<string, { status: string }>>((resolve, reject) => health.List({}, (e, a) => (e ? reject(e) : resolve(a!.statuses))));
  assert.equal(listed, { '': { status: 'SERVING' }, 'stream.StreamService': { status: 'SERVING' } });
  health.close();
  await app.close();
});

test('a status the application sets reaches watchers; close() tells them NOT_SERVING and ends their streams at once', async () => {
  const { app, grpc, health } = await start();
  const watch = health.Watch({ service: 'stream.StreamService' });
  const statuses: string[] = [];
  const ended = new Promise<number>((resolve) => watch.on('status', (s: { code: number }) => resolve(s.code)));
  watch.on('data', (answer: { status: string }) => statuses.push(answer.status));
  watch.on('error', () => undefined);
  while (statuses.length === 0) await new Promise((r) => setTimeout(r, 10));
  grpc.setServingStatus('stream.StreamService', 'NOT_SERVING');
  grpc.setServingStatus('stream.StreamService', 'SERVING');
  while (statuses.length < 3) await new Promise((r) => setTimeout(r, 10));
  const started = Date.now();
  await app.close();
  assert.ok(Date.now() - started < 2000, `close() waited ${Date.now() - started} ms for the open Watch`);
  assert.is(await ended, status.OK);
  assert.equal(statuses, ['SERVING', 'NOT_SERVING', 'SERVING', 'NOT_SERVING']);
  health.close();
});

test('a Watch opened while close() drains (a client re-opening the one close ended) is told NOT_SERVING and ended, not held', async () => {
  const { app, health, port } = await start({ shutdownTimeoutMs: 600 });
  // A peer that never answers the drain's PING keeps the server reading calls for a while.
  const silent = connect(port, '127.0.0.1', () => silent.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0])])));
  silent.on('error', () => undefined);
  const watches: { statuses: string[]; code?: number }[] = [];
  // As grpc-core's client-side health checking does: a Watch that ended after an answer is opened again at once.
  const watch = (): void => {
    const seen: { statuses: string[]; code?: number } = { statuses: [] };
    watches.push(seen);
    const call = health.Watch({ service: '' });
    call.on('data', (answer: { status: string }) => seen.statuses.push(answer.status));
    call.on('error', () => undefined);
    call.on('status', (s: { code: number }) => {
      seen.code = s.code;
      if (watches.length < 2) watch();
    });
  };
  try {
    watch();
    while (watches[0]!.statuses.length === 0) await new Promise((r) => setTimeout(r, 10));
    await app.close();
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(watches[1], { statuses: ['NOT_SERVING'], code: status.OK }, 'the second Watch was answered and ended, not cut at the shutdown timeout');
  } finally {
    silent.destroy();
    health.close();
  }
});

test('per service: Check and Watch follow the application readiness (an indicator of HealthModule), a status set for one service stays its own', async () => {
  let database: 'up' | 'down' = 'up';
  const indicator: HealthIndicator = { name: 'database', check: () => (database === 'up' ? undefined : Promise.reject(new Error('refused'))) };
  // As framework-build writes a HealthModule.forRoot import: its config is one more provider.
  const base = streamTables();
  const config = new HealthConfig({ instances: [indicator], cacheMs: 0, watchIntervalMs: 20, paths: { live: false, ready: false } });
  const tables: ApplicationTables = { ...base, providers: [...base.providers, { token: HealthConfig, name: 'HealthConfig', scope: 'singleton', deps: [], create: () => config, source: 'test' }] };
  const { app, grpc, health } = await start({}, tables);
  const service = 'stream.StreamService';
  const watch = health.Watch({ service });
  const statuses: string[] = [];
  watch.on('data', (answer: { status: string }) => statuses.push(answer.status));
  watch.on('error', () => undefined);
  const settle = async (status: string) => {
    const deadline = Date.now() + 3000;
    while (statuses.at(-1) !== status && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  };
  await settle('SERVING');
  assert.equal([await check(health, service), await check(health, '')], ['SERVING', 'SERVING']);
  database = 'down';
  await settle('NOT_SERVING');
  assert.equal([await check(health, service), await check(health, '')], ['NOT_SERVING', 'NOT_SERVING']);
  database = 'up';
  assert.equal([await check(health, service), await check(health, '')], ['SERVING', 'SERVING']);
  grpc.setServingStatus(service, 'NOT_SERVING');
  assert.equal([await check(health, service), await check(health, '')], ['NOT_SERVING', 'SERVING'], 'the status set for the service stays its own');
  grpc.setServingStatus(service, 'SERVING');
  await settle('SERVING');
  assert.equal(statuses, ['SERVING', 'NOT_SERVING', 'SERVING', 'NOT_SERVING', 'SERVING']);
  watch.cancel();
  health.close();
  await app.close();
});

test('health: false serves no health service', async () => {
  const { app, grpc, health } = await start({ health: false });
  assert.is(await check(health, ''), `error ${status.UNIMPLEMENTED}`);
  assert.throws(() => grpc.setServingStatus('', 'SERVING'), /health: false/);
  health.close();
  await app.close();
});

test.run();
