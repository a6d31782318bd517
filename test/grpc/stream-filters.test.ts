/**
 * Exception filters see an error a streaming RPC's answer throws while it is being sent, as they
 * see one thrown before: on a real server (port 0) with a real grpc-js client, at method,
 * controller and global scope, in that order, on server-streaming and bidirectional RPCs. What a
 * filter throws picks the status and message, what it returns is sent in place of the rest of
 * the stream; the client keeps the messages sent before; telemetry records the final status once.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication } from '@framework/core';
import { GrpcServer, status } from '@framework/grpc';
import { credentials, loadPackageDefinition, type ClientDuplexStream, type ClientReadableStream, type ServiceClientConstructor, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import type { Histogram, DataPoint } from '@opentelemetry/sdk-metrics';
import { capturedLogger, type CapturedLogger } from './fixtures/harness.js';
import { filteredProtoPath, filteredTables, FilteredModule, GlobalFilter, seen, type Item, type Plan } from './fixtures/stream-filters/app.js';
import { collectLines, type CollectedLines } from '../telemetry/fixtures/log-lines.js';
import { registerTestSdk, spansNamed } from '../telemetry/fixtures/sdk.js';

interface FilteredClient {
  Method(plan: Partial<Plan>): ClientReadableStream<Item>;
  Controller(plan: Partial<Plan>): ClientReadableStream<Item>;
  Bare(plan: Partial<Plan>): ClientReadableStream<Item>;
  Chat(): ClientDuplexStream<Partial<Item>, Item>;
  close(): void;
}

interface Served {
  readonly app: FrameworkApplication;
  readonly client: FilteredClient;
  readonly logger: CapturedLogger;
}

interface Outcome {
  readonly items: number[];
  readonly code: number;
  readonly details: string;
  readonly requestId: string;
}

/** Every message of a response stream, and the status it ended with. */
function outcome(stream: ClientReadableStream<Item> | ClientDuplexStream<Partial<Item>, Item>): Promise<Outcome> {
  const items: number[] = [];
  return new Promise((resolve) => {
    stream.on('data', (item: Item) => items.push(item.n));
    stream.on('error', (_error: ServiceError) => undefined); // the status says it
    stream.on('status', (s: StatusObject) =>
      setImmediate(() => resolve({ items, code: s.code, details: s.details, requestId: String(s.metadata.get('x-request-id')[0] ?? '') })),
    );
  });
}

async function serve(options: { globalFilter: boolean; lines?: CollectedLines }): Promise<Served> {
  const logger = capturedLogger();
  const app = new FrameworkApplication(filteredTables(), options.lines ? { logger, requestLog: { destination: options.lines } } : { logger, telemetry: false });
  if (options.globalFilter) app.useGlobalFilters(new GlobalFilter());
  const grpc = new GrpcServer(app);
  await app.init(FilteredModule);
  const port = await grpc.listen(0, undefined, '127.0.0.1');
  const tree = loadPackageDefinition(loadSync(filteredProtoPath, { keepCase: true, defaults: true })) as unknown as { filtered: { Filtered: ServiceClientConstructor } };
  const client = new tree.filtered.Filtered(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as FilteredClient;
  return { app, client, logger };
}

const sdk = registerTestSdk();
const test = suite<{ observed: Served; plain: Served; lines: CollectedLines }>('gRPC stream errors through exception filters');

test.before(async (context) => {
  context.lines = collectLines();
  // Observed (spans, metrics, request lines), with a global filter.
  context.observed = await serve({ globalFilter: true, lines: context.lines });
  // Unobserved, without a global filter: Bare has no filter at all.
  context.plain = await serve({ globalFilter: false });
});
test.after(async ({ observed, plain }) => {
  for (const { client, app } of [observed, plain]) {
    client.close();
    await app.close();
  }
  await sdk.shutdown();
});
test.before.each(({ observed, plain }) => {
  seen.reset();
  observed.logger.errors.length = 0;
  plain.logger.errors.length = 0;
});

test('server streaming: the method filter sees the error mid-stream and picks the status and message; the messages sent before arrive', async ({ observed }) => {
  const answer = await outcome(observed.client.Method({ before: 2, failure: 'method' }));
  assert.equal(answer.items, [1, 2]);
  assert.is(answer.code, status.ALREADY_EXISTS);
  assert.is(answer.details, 'the method filter saw "planned failure: method"');
  assert.equal(seen.filters, ['method']);
  assert.is(seen.finallyRan, 1);
  assert.equal(observed.logger.errors, [], 'what a filter throws as an HttpException is an answer, not a bug');
});

test('scopes run most specific first: method, then controller, then global; only the RPC’s own filters', async ({ observed }) => {
  const controller = await outcome(observed.client.Method({ before: 1, failure: 'controller' }));
  assert.equal([controller.items, controller.code, controller.details], [[1], status.UNAVAILABLE, 'the controller filter saw "planned failure: controller"']);
  assert.equal(seen.filters, ['method', 'controller']);

  seen.reset();
  const global = await outcome(observed.client.Method({ before: 3, failure: 'global' }));
  assert.equal([global.items, global.code, global.details], [[1, 2, 3], status.PERMISSION_DENIED, 'the global filter saw "planned failure: global"']);
  assert.equal(seen.filters, ['method', 'controller', 'global']);

  seen.reset();
  // Controller has no method filter: a failure only that one answers passes every filter.
  const unanswered = await outcome(observed.client.Controller({ before: 1, failure: 'method' }));
  assert.equal([unanswered.items, unanswered.code, unanswered.details], [[1], status.UNKNOWN, 'planned failure: method']);
  assert.equal(seen.filters, ['controller', 'global']);
});

test('@Catch is honoured mid-stream: an error no filter catches or answers ends the call with its mapped status', async ({ observed }) => {
  const answer = await outcome(observed.client.Method({ before: 2, failure: 'not-found' }));
  assert.equal([answer.items, answer.code, answer.details], [[1, 2], status.NOT_FOUND, 'no such item']);
  assert.equal(seen.filters, ['global'], 'the @Catch(Planned) filters are not asked');
  assert.equal(observed.logger.errors, []);
});

test('a failure answers the same whether thrown before the stream or mid-stream', async ({ observed }) => {
  for (const failure of ['method', 'controller', 'global', 'not-found', 'rethrow', 'filter-throws']) {
    seen.reset();
    const upfront = await outcome(observed.client.Method({ before: 2, failure, at: 'upfront' }));
    const upfrontFilters = seen.filters;
    seen.reset();
    const midStream = await outcome(observed.client.Method({ before: 2, failure }));
    assert.equal(upfront.items, [], failure);
    assert.equal(midStream.items, [1, 2], failure);
    assert.equal([midStream.code, midStream.details], [upfront.code, upfront.details], failure);
    assert.equal(seen.filters, upfrontFilters, failure);
  }
});

test('a filter’s value is sent in place of the rest of the stream, which then ends OK', async ({ observed }) => {
  const answer = await outcome(observed.client.Method({ before: 2, failure: 'recover' }));
  assert.equal(answer.items, [1, 2, 100, 101]);
  assert.is(answer.code, status.OK);
  assert.equal(seen.filters, ['method']);
});

test('an error of the stream a filter answered with is not filtered again: its mapped status', async ({ observed }) => {
  const answer = await outcome(observed.client.Method({ before: 1, failure: 'recover-then-fail' }));
  assert.equal(answer.items, [1, 100]);
  assert.equal([answer.code, answer.details], [status.UNKNOWN, 'planned failure: method']);
  assert.equal(seen.filters, ['method'], 'asked once');
  assert.is(observed.logger.errors.length, 0, 'logged by the request line of the observed call, not twice');
});

test('a stream a filter answered an upfront error with is not filtered again either: its error’s mapped status', async ({ observed }) => {
  const answer = await outcome(observed.client.Method({ failure: 'recover-then-fail', at: 'upfront' }));
  assert.equal(answer.items, [100]);
  assert.equal([answer.code, answer.details], [status.UNKNOWN, 'planned failure: method']);
  assert.equal(seen.filters, ['method'], 'asked once');
});

test('a filter that throws a plain error: UNKNOWN with its message and no stack; the server serves on', async ({ observed, lines }) => {
  const answer = await outcome(observed.client.Method({ before: 1, failure: 'filter-throws' }));
  assert.equal([answer.items, answer.code, answer.details], [[1], status.UNKNOWN, 'the global filter broke']);
  assert.not.match(answer.details, /\n|at .*\.ts/);
  const line = await lines.find((l) => l.requestId === answer.requestId);
  assert.match(JSON.stringify(line), /the global filter broke/, 'the bug is logged once, in the request line');
  const next = await outcome(observed.client.Method({ before: 2 }));
  assert.equal([next.items, next.code], [[1, 2], status.OK]);
});

test('a filter that rethrows: the error’s own mapped status', async ({ observed }) => {
  const answer = await outcome(observed.client.Method({ before: 2, failure: 'rethrow' }));
  assert.equal([answer.items, answer.code, answer.details], [[1, 2], status.UNKNOWN, 'planned failure: rethrow']);
  assert.equal(seen.filters, ['method', 'controller', 'global']);
});

test('a Node Readable returned by the handler and destroyed mid-way: the filters see its error', async ({ observed }) => {
  const answer = await outcome(observed.client.Method({ before: 2, failure: 'method', at: 'readable' }));
  assert.equal([answer.items, answer.code, answer.details], [[1, 2], status.ALREADY_EXISTS, 'the method filter saw "planned failure: method"']);
  const recovered = await outcome(observed.client.Method({ before: 2, failure: 'recover', at: 'readable' }));
  assert.equal([recovered.items, recovered.code], [[1, 2, 100, 101], status.OK]);
});

test('a handler that returns no iterable: the filters see the TypeError that names what it returned', async ({ observed }) => {
  const answer = await outcome(observed.client.Method({ at: 'not-iterable' }));
  assert.equal([answer.items, answer.code], [[], status.UNKNOWN]);
  assert.match(answer.details, /FilteredGrpc\.method .* must return an iterable of messages .*; it returned an object/);
  assert.equal(seen.filters, ['global'], 'the @Catch(Planned) filters are not asked');
});

/** Chats `texts` one at a time, each after the previous echo; the outcome of the call. */
async function chat(client: FilteredClient, texts: string[]): Promise<Outcome> {
  const call = client.Chat();
  const ended = outcome(call);
  let echoed = 0;
  call.on('data', () => echoed++);
  for (const [i, text] of texts.entries()) {
    call.write({ n: i + 1, text });
    if (text.startsWith('fail:')) break;
    while (echoed <= i) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  call.end();
  return ended;
}

test('bidirectional: filters at each scope see the error mid-stream, while the client is still writing', async ({ observed }) => {
  const method = await chat(observed.client, ['a', 'b', 'fail:method']);
  assert.equal([method.items, method.code, method.details], [[1, 2], status.ALREADY_EXISTS, 'the method filter saw "planned failure: method"']);
  seen.reset();
  const controller = await chat(observed.client, ['a', 'fail:controller']);
  assert.equal([controller.items, controller.code], [[1], status.UNAVAILABLE]);
  assert.equal(seen.filters, ['method', 'controller']);
  seen.reset();
  const global = await chat(observed.client, ['fail:global']);
  assert.equal([global.items, global.code], [[], status.PERMISSION_DENIED]);
  assert.equal(seen.filters, ['method', 'controller', 'global']);
  const recovered = await chat(observed.client, ['a', 'fail:recover']);
  assert.equal([recovered.items, recovered.code], [[1, 100, 101], status.OK]);
});

test('an RPC without any filter: the mid-stream error’s mapped status, as before', async ({ plain }) => {
  const unexpected = await outcome(plain.client.Bare({ before: 2, failure: 'global' }));
  assert.equal([unexpected.items, unexpected.code, unexpected.details], [[1, 2], status.UNKNOWN, 'planned failure: global']);
  assert.is(plain.logger.errors.length, 1, 'an unexpected error is logged once');
  const notFound = await outcome(plain.client.Bare({ before: 1, failure: 'not-found' }));
  assert.equal([notFound.items, notFound.code, notFound.details], [[1], status.NOT_FOUND, 'no such item']);
  assert.equal(seen.filters, []);
});

test('an unobserved application: the RPC’s own filters still see the error mid-stream', async ({ plain }) => {
  const answer = await outcome(plain.client.Method({ before: 1, failure: 'controller' }));
  assert.equal([answer.items, answer.code], [[1], status.UNAVAILABLE]);
  const recovered = await outcome(plain.client.Method({ before: 1, failure: 'recover' }));
  assert.equal([recovered.items, recovered.code], [[1, 100, 101], status.OK]);
  assert.equal(seen.filters, ['method', 'controller', 'method']);
});

/** The duration histogram's count of calls of `rpc` that ended with `code`. */
async function callsEndedWith(rpc: string, code: number): Promise<number> {
  const points = (await sdk.points('rpc.server.call.duration')) as DataPoint<Histogram>[];
  return points.filter((p) => p.attributes['rpc.method'] === rpc && p.attributes['rpc.grpc.status_code'] === code).reduce((sum, p) => sum + p.value.count, 0);
}

test('telemetry records the final status once: the filter’s, or OK when it recovered', async ({ observed, lines }) => {
  for (const [failure, code] of [['method', status.ALREADY_EXISTS], ['recover', status.OK], ['not-found', status.NOT_FOUND]] as const) {
    const before = await callsEndedWith('Method', code);
    const answer = await outcome(observed.client.Method({ before: 2, failure }));
    assert.is(answer.code, code, failure);
    const line = await lines.find((l) => l.requestId === answer.requestId);
    assert.is(line.status, code, failure);
    assert.is(lines.lines.filter((l) => l.requestId === answer.requestId).length, 1, `${failure}: one request line`);
    const spans = spansNamed(sdk, 'filtered.Filtered/Method').filter((s) => s.attributes['framework.request_id'] === answer.requestId);
    assert.is(spans.length, 1, `${failure}: one span`);
    assert.is(spans[0]!.attributes['rpc.grpc.status_code'], code, failure);
    if (failure === 'recover') assert.is(spans[0]!.attributes['rpc.message.sent_count'], 4, 'the messages sent before the error and the filter’s');
    assert.is(await callsEndedWith('Method', code), before + 1, `${failure}: one call in the duration metric`);
  }
});

test.run();
