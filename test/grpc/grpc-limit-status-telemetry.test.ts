/**
 * A status grpc-js itself ends a call with (a message over the receive limit mid-stream, a passed
 * deadline) is what the telemetry records: the request line, the span and `rpc.grpc.status_code`
 * carry the status the client received, not CANCELLED. A call the client cancels stays CANCELLED.
 * Real server on port 0, real @grpc/grpc-js client.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication } from '@framework/core';
import { GrpcServer, Metadata, status } from '@framework/grpc';
import { credentials, loadPackageDefinition, type ClientDuplexStream, type ClientUnaryCall, type ClientReadableStream, type ClientWritableStream, type ServiceClientConstructor, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import type { DataPoint, Histogram } from '@opentelemetry/sdk-metrics';
import { capturedLogger } from './fixtures/harness.js';
import { seen, streamProtoPath, streamTables, StreamModule, type Tick } from './fixtures/streaming/app.js';
import { collectLines, type CollectedLines } from '../telemetry/fixtures/log-lines.js';
import { registerTestSdk, spansNamed } from '../telemetry/fixtures/sdk.js';

interface StreamClient {
  Count(request: object, metadata?: Metadata, options?: object): ClientReadableStream<Tick>;
  Sum(metadata: Metadata, options: object, callback: (error: ServiceError | null) => void): ClientWritableStream<Partial<Tick>>;
  Echo(metadata?: Metadata, options?: object): ClientDuplexStream<Partial<Tick>, Tick>;
  Wait(request: object, metadata: Metadata, options: object, callback: (error: ServiceError | null) => void): ClientUnaryCall;
  close(): void;
}

const LIMIT = 1024;
const sdk = registerTestSdk();
const test = suite<{ client: StreamClient; app: FrameworkApplication; lines: CollectedLines }>('gRPC telemetry records the status grpc-js ended the call with');

test.before(async (context) => {
  context.lines = collectLines();
  context.app = new FrameworkApplication(streamTables(), { logger: capturedLogger(), requestLog: { destination: context.lines } });
  const grpc = new GrpcServer(context.app, { limits: { maxReceiveMessageBytes: LIMIT } });
  await context.app.init(StreamModule);
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  const tree = loadPackageDefinition(loadSync(streamProtoPath, { keepCase: true, defaults: true })) as unknown as { stream: { StreamService: ServiceClientConstructor } };
  context.client = new tree.stream.StreamService(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as StreamClient;
});
test.after(async ({ client, app }) => {
  client.close();
  await app.close();
  await sdk.shutdown();
});
test.before.each(({ lines }) => {
  seen.reset();
  lines.lines.length = 0;
  sdk.spans.reset();
});


/** How many calls of `rpc` the duration metric counted, by status code. */
async function countsByStatus(rpc: string): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const point of (await sdk.points('rpc.server.call.duration')) as DataPoint<Histogram>[]) {
    if (point.attributes['rpc.method'] === rpc) counts.set(point.attributes['rpc.grpc.status_code'] as number, point.value.count);
  }
  return counts;
}

/** Runs `call` (one call of `rpc`) and returns the status the client got and what the telemetry recorded of it. */
async function observe(rpc: string, lines: CollectedLines, call: () => Promise<StatusObject>) {
  const before = await countsByStatus(rpc);
  const got = await call();
  const line = await lines.find((entry) => entry.method === rpc);
  const spans = spansNamed(sdk, `stream.StreamService/${rpc}`);
  assert.is(spans.length, 1, 'one span');
  const after = await countsByStatus(rpc);
  const counted = [...after].filter(([code, count]) => count !== (before.get(code) ?? 0)).map(([code, count]) => [code, count - (before.get(code) ?? 0)]);
  return { got, line, span: spans[0]!.attributes['rpc.grpc.status_code'], counted };
}

/** The status a client call ended with. */
function statusOf(stream: { on(event: 'status', listener: (status: StatusObject) => void): unknown; on(event: 'error', listener: () => void): unknown }): Promise<StatusObject> {
  return new Promise((resolve) => {
    stream.on('error', () => undefined); // the status says it
    stream.on('status', (s) => setImmediate(() => resolve(s)));
  });
}

const oversized = { n: 2, pad: 'x'.repeat(LIMIT * 4) };

test('client streaming: a message over the receive limit mid-stream is recorded RESOURCE_EXHAUSTED, refused as too large', async ({ client, lines }) => {
  const { got, line, span, counted } = await observe('Sum', lines, () => {
    const upload = client.Sum(new Metadata(), {}, () => undefined);
    const ended = statusOf(upload);
    upload.write({ n: 1 });
    upload.write(oversized);
    return ended;
  });
  assert.is(got.code, status.RESOURCE_EXHAUSTED);
  assert.equal([line.status, span, counted], [status.RESOURCE_EXHAUSTED, status.RESOURCE_EXHAUSTED, [[status.RESOURCE_EXHAUSTED, 1]]]);
  assert.is(line.refusal, 'body_too_large');
  assert.match(String(line.reason), /^Received message larger than max/);
  assert.equal(seen.received, [1], 'the handler read the first message only');
});

test('bidirectional: a message over the receive limit mid-stream is recorded RESOURCE_EXHAUSTED', async ({ client, lines }) => {
  const { got, line, span, counted } = await observe('Echo', lines, () => {
    const chat = client.Echo();
    const ended = statusOf(chat);
    chat.write({ n: 1 });
    chat.write(oversized);
    return ended;
  });
  assert.is(got.code, status.RESOURCE_EXHAUSTED);
  assert.equal([line.status, span, counted], [status.RESOURCE_EXHAUSTED, status.RESOURCE_EXHAUSTED, [[status.RESOURCE_EXHAUSTED, 1]]]);
  assert.is(line.refusal, 'body_too_large');
});

test('client streaming: a deadline that passes while the client still writes is recorded DEADLINE_EXCEEDED', async ({ client, lines }) => {
  const { got, line, span, counted } = await observe('Sum', lines, () => {
    const upload = client.Sum(new Metadata(), { deadline: Date.now() + 200 }, () => undefined);
    const ended = statusOf(upload);
    upload.write({ n: 1 });
    return ended;
  });
  assert.is(got.code, status.DEADLINE_EXCEEDED);
  assert.equal([line.status, span, counted], [status.DEADLINE_EXCEEDED, status.DEADLINE_EXCEEDED, [[status.DEADLINE_EXCEEDED, 1]]]);
  assert.is(line.refusal, 'aborted', 'a client whose deadline passed stopped waiting');
});

test('server streaming: a deadline mid-stream is recorded DEADLINE_EXCEEDED', async ({ client, lines }) => {
  const { got, line, span, counted } = await observe('Count', lines, () => statusOf(client.Count({ n: 1000, ms: 20 }, new Metadata(), { deadline: Date.now() + 200 })));
  assert.is(got.code, status.DEADLINE_EXCEEDED);
  assert.equal([line.status, span, counted], [status.DEADLINE_EXCEEDED, status.DEADLINE_EXCEEDED, [[status.DEADLINE_EXCEEDED, 1]]]);
});

test('unary: a handler still running at the deadline is recorded DEADLINE_EXCEEDED, not as its own error', async ({ client, lines }) => {
  const { got, line, span, counted } = await observe('Wait', lines, () =>
    new Promise((resolve) => client.Wait({ ms: 5000 }, new Metadata(), { deadline: Date.now() + 200 }, () => undefined).on('status', resolve)),
  );
  assert.is(got.code, status.DEADLINE_EXCEEDED);
  assert.equal([line.status, span, counted], [status.DEADLINE_EXCEEDED, status.DEADLINE_EXCEEDED, [[status.DEADLINE_EXCEEDED, 1]]]);
});

test('a call the client cancels stays CANCELLED, its client gone', async ({ client, lines }) => {
  const { got, line, span, counted } = await observe('Count', lines, () => {
    const stream = client.Count({ n: 1000, ms: 20 });
    const ended = statusOf(stream);
    setTimeout(() => stream.cancel(), 100);
    return ended;
  });
  assert.is(got.code, status.CANCELLED);
  assert.equal([line.status, span, counted], [status.CANCELLED, status.CANCELLED, [[status.CANCELLED, 1]]]);
  assert.is(line.refusal, 'aborted');
});

test.run();
