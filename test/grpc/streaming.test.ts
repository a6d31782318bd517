/**
 * Streaming RPCs of all three kinds through the one chain, on a real server (port 0) with a real
 * grpc-js client: guards and interceptors once per call before the first message, errors
 * mid-stream, cancellation and deadlines reaching the handler (its `finally` runs), back-pressure.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication } from '@framework/core';
import { GrpcServer, Metadata, status } from '@framework/grpc';
import { credentials, loadPackageDefinition, type ClientDuplexStream, type ClientReadableStream, type ClientWritableStream, type ServiceClientConstructor, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { capturedLogger } from './fixtures/harness.js';
import { seen, streamProtoPath, streamTables, StreamModule, type Tick } from './fixtures/streaming/app.js';

interface StreamClient {
  Count(request: object, metadata?: Metadata, options?: object): ClientReadableStream<Tick>;
  Endless(request: object): ClientReadableStream<Tick>;
  Listed(request: object): ClientReadableStream<Tick>;
  Sum(metadata: Metadata, options: object, callback: (error: ServiceError | null, total?: { sum: number; count: number }) => void): ClientWritableStream<Partial<Tick>>;
  Echo(metadata?: Metadata, options?: object): ClientDuplexStream<Partial<Tick>, Tick>;
  Wait(request: object, metadata: Metadata, options: object, callback: (error: ServiceError | null) => void): { cancel(): void };
  close(): void;
}

/** Every message of a response stream, and how it ended. */
function drain(stream: ClientReadableStream<Tick> | ClientDuplexStream<Partial<Tick>, Tick>): Promise<{ ticks: number[]; error?: ServiceError; status: StatusObject }> {
  const ticks: number[] = [];
  let error: ServiceError | undefined;
  return new Promise((resolve) => {
    stream.on('data', (tick: Tick) => ticks.push(tick.n));
    stream.on('error', (e: ServiceError) => (error = e));
    stream.on('status', (s: StatusObject) => setImmediate(() => resolve({ ticks, ...(error ? { error } : {}), status: s })));
  });
}

async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

const test = suite<{ client: StreamClient; app: FrameworkApplication; logger: ReturnType<typeof capturedLogger> }>('gRPC streaming');

test.before(async (context) => {
  context.logger = capturedLogger();
  context.app = new FrameworkApplication(streamTables(), { logger: context.logger });
  const grpc = new GrpcServer(context.app);
  await context.app.init(StreamModule);
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  const tree = loadPackageDefinition(loadSync(streamProtoPath, { keepCase: true, defaults: true })) as unknown as { stream: { StreamService: ServiceClientConstructor } };
  context.client = new tree.stream.StreamService(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as StreamClient;
});
test.after(async ({ client, app }) => {
  client.close();
  await app.close();
});
test.before.each(() => seen.reset());

test('server streaming: every yielded message in order; the guard and the interceptor run once, before the first', async ({ client }) => {
  const answer = await drain(client.Count({ n: 5 }));
  assert.equal(answer.ticks, [1, 2, 3, 4, 5]);
  assert.is(answer.status.code, status.OK);
  assert.equal(answer.status.metadata.get('x-intercepted'), ['yes'], 'response metadata set by the interceptor travels as trailers');
  assert.is(seen.guardRuns, 1);
  assert.is(seen.interceptorRuns, 1);
  assert.is(seen.finallyRan, 1);
});

test('server streaming answered with an array', async ({ client }) => {
  assert.equal((await drain(client.Listed({ n: 3 }))).ticks, [1, 2, 3]);
});

test('a guard refusal ends the call before the handler makes any message', async ({ client }) => {
  const denied = new Metadata();
  denied.set('x-deny', '1');
  const answer = await drain(client.Count({ n: 5 }, denied));
  assert.equal(answer.ticks, []);
  assert.is(answer.error?.code, status.PERMISSION_DENIED);
  assert.is(seen.produced, 0);
  assert.is(seen.interceptorRuns, 0);
});

test('an error thrown mid-stream ends the call with its mapped status, after the messages already sent', async ({ client, logger }) => {
  const answer = await drain(client.Count({ n: 5, fail_after: 2 }));
  assert.equal(answer.ticks, [1, 2]);
  assert.is(answer.error?.code, status.NOT_FOUND);
  assert.is(answer.error?.details, 'tick 3 does not exist');
  assert.equal(answer.status.metadata.get('x-intercepted'), ['yes'], 'the trailers go with the error status too');
  assert.is(seen.finallyRan, 1);
  assert.is(logger.errors.length, 0, 'an HttpException is an answer, not a bug');
});

test('client streaming: the handler reads every incoming message and answers once', async ({ client }) => {
  const total = await new Promise<{ sum: number; count: number } | undefined>((resolve, reject) => {
    const upload = client.Sum(new Metadata(), {}, (error, value) => (error ? reject(error) : resolve(value)));
    for (let n = 1; n <= 10; n++) upload.write({ n });
    upload.end();
  });
  assert.equal(total, { sum: 55, count: 10 });
  assert.is(seen.guardRuns, 1);
  assert.is(seen.interceptorRuns, 1);
});

test('client streaming: an error while reading ends the call with its status', async ({ client }) => {
  const error = await new Promise<ServiceError | null>((resolve) => {
    const upload = client.Sum(new Metadata(), {}, (e) => resolve(e));
    upload.write({ n: 1 });
    upload.write({ n: -1 });
    upload.end();
  });
  assert.is(error?.code, status.PERMISSION_DENIED);
  assert.is(error?.details, 'negative ticks are refused');
});

test('bidirectional: each answer comes while the client stream is still open (no buffering to the end)', async ({ client }) => {
  const chat = client.Echo();
  const answers: number[] = [];
  const next = (): Promise<number> => new Promise((resolve) => chat.once('data', (tick: Tick) => resolve(tick.n)));
  for (const n of [1, 2, 3]) {
    const answer = next();
    chat.write({ n });
    answers.push(await answer);
  }
  const ended = drain(chat);
  chat.end();
  const rest = await ended;
  assert.equal(answers, [2, 4, 6]);
  assert.is(rest.status.code, status.OK);
  assert.is(seen.guardRuns, 1);
  assert.is(seen.interceptorRuns, 1);
  assert.is(seen.finallyRan, 1);
});

test('bidirectional: an error mid-stream ends the call with its status', async ({ client }) => {
  const chat = client.Echo();
  const ended = drain(chat);
  chat.write({ n: 1 });
  chat.write({ n: -1 });
  const answer = await ended;
  assert.equal(answer.ticks, [2]);
  assert.is(answer.error?.code, status.PERMISSION_DENIED);
  chat.end();
});

test('a client cancelling a server stream aborts the handler: its finally runs, nothing more is made', async ({ client }) => {
  const stream = client.Count({ n: 1000, ms: 20 });
  const ended = drain(stream);
  await until(() => seen.produced >= 2, 'two ticks were made');
  stream.cancel();
  assert.is((await ended).error?.code, status.CANCELLED);
  await until(() => seen.finallyRan === 1, "the generator's finally ran");
  const made = seen.produced;
  await sleep(100);
  assert.is(seen.produced, made, 'no message is made after the cancel');
  assert.ok(made < 10);
});

test('back-pressure: a client that stops reading stops the handler; cancelling then closes it', async ({ client }) => {
  const stream = client.Endless({ n: 16 * 1024 });
  let received = 0;
  stream.on('data', () => {
    received++;
    if (received === 1) stream.pause();
  });
  stream.on('error', () => undefined);
  await sleep(300);
  const afterPause = seen.produced;
  await sleep(300);
  assert.is(seen.produced, afterPause, `the handler is held while the client reads nothing (${afterPause} made)`);
  assert.ok(afterPause < 200, `at most a few windows of 16 KiB messages are made, not an unbounded number (${afterPause})`);
  stream.cancel();
  await until(() => seen.finallyRan === 1, "the generator's finally ran");
});

test('a passed deadline ends a server stream with DEADLINE_EXCEEDED and aborts the handler; context.deadline is the client\'s', async ({ client }) => {
  const deadline = new Date(Date.now() + 300);
  const answer = await drain(client.Count({ n: 1000, ms: 20 }, new Metadata(), { deadline }));
  assert.is(answer.error?.code, status.DEADLINE_EXCEEDED);
  assert.ok(answer.ticks.length > 2);
  await until(() => seen.finallyRan === 1, "the generator's finally ran");
  assert.ok(Math.abs(seen.deadlines[0]!.getTime() - deadline.getTime()) < 50, `${seen.deadlines[0]?.toISOString()} vs ${deadline.toISOString()}`);
});

test('a unary handler still running at the deadline: DEADLINE_EXCEEDED, and its signal aborts with a TimeoutError', async ({ client }) => {
  const started = Date.now();
  const error = await new Promise<ServiceError | null>((resolve) => client.Wait({ ms: 5000 }, new Metadata(), { deadline: Date.now() + 200 }, resolve));
  assert.is(error?.code, status.DEADLINE_EXCEEDED);
  assert.ok(Date.now() - started < 2000);
  await until(() => seen.abortReasons.length === 1, 'the handler saw the abort');
  assert.equal(seen.abortReasons, ['TimeoutError']);
});

test('a unary call without a deadline has none on the context; a cancel aborts the signal with an AbortError', async ({ client }) => {
  const call = client.Wait({ ms: 5000 }, new Metadata(), {}, () => undefined);
  await until(() => seen.deadlines.length === 1, 'the handler started');
  assert.is(seen.deadlines[0], undefined);
  call.cancel();
  await until(() => seen.abortReasons.length === 1, 'the handler saw the abort');
  assert.equal(seen.abortReasons, ['AbortError']);
});

test('client streaming and bidirectional: a cancel wakes a handler waiting for the next message; its finally runs', async ({ client, logger }) => {
  const upload = client.Sum(new Metadata(), {}, () => undefined);
  upload.write({ n: 1 });
  await until(() => seen.received.length === 1, 'the first message arrived');
  upload.cancel();
  await until(() => seen.finallyRan === 1, "the client-streaming handler's finally ran");

  const chat = client.Echo();
  chat.on('error', () => undefined);
  chat.write({ n: 1 });
  await until(() => seen.received.length === 2, 'the first message arrived');
  chat.cancel();
  await until(() => seen.finallyRan === 2, "the bidirectional handler's finally ran");
  await sleep(50);
  assert.equal(logger.errors, [], 'a cancelled call logs no error');
});

test.run();
