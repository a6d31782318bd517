/**
 * An interceptor that wraps a streaming RPC's answer sees an error the handler throws mid-stream
 * (after the first message), as a NestJS interceptor's `catchError` on `next.handle()` does and as
 * one wrapping an `@Sse()` stream does: it may rethrow it, map it, or end the stream. The client
 * keeps the messages sent before and gets the status of what the interceptor let through, after
 * the filters; the request line records that status. Server streaming and bidirectional, on a
 * real server (port 0) with a real grpc-js client.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication } from '@framework/core';
import { GrpcServer, Metadata, status } from '@framework/grpc';
import { credentials, loadPackageDefinition, type ClientDuplexStream, type ClientReadableStream, type ServiceClientConstructor, type StatusObject } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { capturedLogger, type CapturedLogger } from './fixtures/harness.js';
import { interceptedTables, InterceptedModule, observed } from './fixtures/stream-interceptors/app.js';
import { seen, streamProtoPath, type Tick } from './fixtures/streaming/app.js';
import { collectLines, type CollectedLines } from '../telemetry/fixtures/log-lines.js';

interface StreamClient {
  Count(request: object, metadata?: Metadata): ClientReadableStream<Tick>;
  Echo(metadata?: Metadata): ClientDuplexStream<Partial<Tick>, Tick>;
  close(): void;
}

interface Outcome {
  readonly ticks: number[];
  readonly code: number;
  readonly details: string;
}

function outcome(stream: ClientReadableStream<Tick> | ClientDuplexStream<Partial<Tick>, Tick>): Promise<Outcome> {
  const ticks: number[] = [];
  return new Promise((resolve) => {
    stream.on('data', (tick: Tick) => ticks.push(tick.n));
    stream.on('error', () => undefined); // the status says it
    stream.on('status', (s: StatusObject) => setImmediate(() => resolve({ ticks, code: s.code, details: s.details })));
  });
}

const onError = (what: string): Metadata => {
  const metadata = new Metadata();
  metadata.set('x-on-error', what);
  return metadata;
};

const test = suite<{ client: StreamClient; app: FrameworkApplication; logger: CapturedLogger; lines: CollectedLines }>('gRPC stream errors through interceptors');

test.before(async (context) => {
  context.logger = capturedLogger();
  context.lines = collectLines();
  context.app = new FrameworkApplication(interceptedTables(), { logger: context.logger, requestLog: { destination: context.lines } });
  const grpc = new GrpcServer(context.app);
  await context.app.init(InterceptedModule);
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  const tree = loadPackageDefinition(loadSync(streamProtoPath, { keepCase: true, defaults: true })) as unknown as { stream: { StreamService: ServiceClientConstructor } };
  context.client = new tree.stream.StreamService(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as StreamClient;
});
test.after(async ({ client, app }) => {
  client.close();
  await app.close();
});
test.before.each(({ lines }) => {
  seen.reset();
  observed.reset();
  lines.lines.length = 0;
});

test('server streaming: the wrapping interceptor sees the error thrown after two messages; rethrown, the client gets its status', async ({ client, lines }) => {
  const answer = await outcome(client.Count({ n: 5, fail_after: 2 }, onError('rethrow')));
  assert.equal(answer, { ticks: [1, 2], code: status.NOT_FOUND, details: 'tick 3 does not exist' });
  assert.equal(observed.intercepted, ['tick 3 does not exist']);
  assert.equal(observed.filtered, ['tick 3 does not exist'], 'the filters come after the interceptors, as in NestJS');
  assert.is(seen.finallyRan, 1);
  assert.is((await lines.find((line) => line.method === 'Count')).status, status.NOT_FOUND);
});

test('server streaming: what the interceptor maps the error to is the status the client gets, and what the filters see', async ({ client, lines }) => {
  const answer = await outcome(client.Count({ n: 5, fail_after: 2 }, onError('map')));
  assert.equal(answer, { ticks: [1, 2], code: status.UNAVAILABLE, details: 'mapped: tick 3 does not exist' });
  assert.equal(observed.intercepted, ['tick 3 does not exist']);
  assert.equal(observed.filtered, ['mapped: tick 3 does not exist']);
  assert.is((await lines.find((line) => line.method === 'Count')).status, status.UNAVAILABLE);
});

test('server streaming: an interceptor that ends the stream on the error ends the call OK after the messages sent', async ({ client, lines }) => {
  const answer = await outcome(client.Count({ n: 5, fail_after: 2 }, onError('swallow')));
  assert.equal(answer, { ticks: [1, 2], code: status.OK, details: 'OK' });
  assert.equal(observed.intercepted, ['tick 3 does not exist']);
  assert.equal(observed.filtered, []);
  assert.is((await lines.find((line) => line.method === 'Count')).status, status.OK);
});

test('bidirectional: the wrapping interceptor sees the error thrown after the first answer; the client gets the mapped status', async ({ client, lines }) => {
  for (const [what, code, details] of [
    ['rethrow', status.PERMISSION_DENIED, 'negative ticks are refused'],
    ['map', status.UNAVAILABLE, 'mapped: negative ticks are refused'],
    ['swallow', status.OK, 'OK'],
  ] as const) {
    observed.reset();
    lines.lines.length = 0;
    const chat = client.Echo(onError(what));
    const ended = outcome(chat);
    chat.write({ n: 1 });
    chat.write({ n: -1 });
    const answer = await ended;
    chat.end();
    assert.equal(answer, { ticks: [2], code, details }, what);
    assert.equal(observed.intercepted, ['negative ticks are refused'], what);
    assert.is((await lines.find((line) => line.method === 'Echo')).status, code, what);
  }
});

test.run();
