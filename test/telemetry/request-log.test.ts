// Structured request lines through pino: one JSON line per HTTP request and gRPC call with the
// ids of its span, errors logged once (in their request's line) and answered without a stack,
// credentials redacted, request ids taken from trusted proxies only and replaced when unusable,
// and user input that cannot break a line.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Metadata, type ServiceError } from '@grpc/grpc-js';
import { SpanStatusCode } from '@opentelemetry/api';
import { connect } from 'node:net';
import { todoClient } from '../e2e/grpc-client.js';
import { collectLines, type CollectedLines } from './fixtures/log-lines.js';
import { finishedSpan, registerTestSdk } from './fixtures/sdk.js';
import { startTodo, type StartedTodo } from './fixtures/todo-app.js';

const sdk = registerTestSdk();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Context {
  todo: StartedTodo;
  lines: CollectedLines;
  loggedErrors: unknown[];
}

const test = suite<Context>('request log');

test.before(async (context) => {
  context.lines = collectLines();
  context.loggedErrors = [];
  const logger = { error: (message: string, error?: unknown) => context.loggedErrors.push({ message, error }), warn: () => undefined, log: () => undefined };
  context.todo = await startTodo({ logger, requestLog: { destination: context.lines, headers: true, redact: ['headers["x-session"]'] } });
});
test.after(async ({ todo }) => {
  await todo.stop();
  await sdk.shutdown();
});

/** A unary GetTodo with `entries` as metadata: the error (or null) and the trailing metadata. */
function getTodo(todo: StartedTodo, id: string, entries: Record<string, string>): Promise<{ error: ServiceError | null; trailers: Metadata }> {
  const client = todoClient(todo.grpcAddress);
  const metadata = new Metadata();
  for (const [key, value] of Object.entries(entries)) metadata.set(key, value);
  return new Promise((resolve) => {
    let error: ServiceError | null = null;
    const call = client.GetTodo({ id }, metadata, (e) => (error = e));
    call.on('status', (status) => {
      client.close();
      // The callback runs before the status event.
      setImmediate(() => resolve({ error, trailers: status.metadata }));
    });
  });
}

test('one JSON line per HTTP request, with the ids of its span', async ({ todo, lines }) => {
  const response = await fetch(`${todo.base}/todo/77`, { headers: { authorization: `Bearer ${todo.token}`, 'user-agent': 'log-test/1' } });
  assert.is(response.status, 404);
  const requestId = response.headers.get('x-request-id')!;
  assert.match(requestId, UUID);
  const line = await lines.find((l) => l.requestId === requestId);
  const span = await finishedSpan(sdk, 'GET /todo/:id', (s) => s.attributes['framework.request_id'] === requestId);
  assert.equal(
    { level: line.level, transport: line.transport, method: line.method, route: line.route, path: line.path, status: line.status, client: line.client, userAgent: line.userAgent },
    { level: 30, transport: 'http', method: 'GET', route: '/todo/:id', path: '/todo/77', status: 404, client: '127.0.0.1', userAgent: 'log-test/1' },
  );
  assert.is(line.traceId, span.spanContext().traceId);
  assert.is(line.spanId, span.spanContext().spanId);
  assert.ok(typeof line.durationMs === 'number' && line.durationMs >= 0);
  assert.is(line.reason, 'Not found');
});

test('a request no route matches has its line too, without a route', async ({ todo, lines }) => {
  const response = await fetch(`${todo.base}/nowhere?x=1`, { headers: { 'user-agent': 'log-test/unmatched' } });
  assert.is(response.status, 404);
  const requestId = response.headers.get('x-request-id')!;
  assert.match(requestId, UUID);
  const line = await lines.find((l) => l.requestId === requestId);
  assert.equal([line.method, line.route, line.path, line.status, line.userAgent], ['GET', undefined, '/nowhere', 404, 'log-test/unmatched']);
});

test('one JSON line per gRPC call; the request id travels in the trailing metadata', async ({ todo, lines }) => {
  const { error, trailers } = await getTodo(todo, '404', { authorization: `Bearer ${todo.token}` });
  assert.is(error?.code, 5);
  const requestId = String(trailers.get('x-request-id')[0]);
  assert.match(requestId, UUID);
  const line = await lines.find((l) => l.requestId === requestId);
  const span = await finishedSpan(sdk, 'todo.TodoService/GetTodo', (s) => s.attributes['framework.request_id'] === requestId);
  assert.equal([line.transport, line.method, line.route, line.status, line.traceId], ['grpc', 'GetTodo', 'todo.TodoService/GetTodo', 5, span.spanContext().traceId]);
});

test('an unexpected error: 500 with the request id and no stack; logged once, in the request line, and recorded on the span', async ({ todo, lines, loggedErrors }) => {
  const before = loggedErrors.length;
  const response = await fetch(`${todo.base}/health/`, { headers: { 'x-boom': '1' } });
  assert.is(response.status, 500);
  const body = (await response.json()) as Record<string, unknown>;
  const requestId = response.headers.get('x-request-id');
  assert.equal(body, { status: 500, name: 'InternalServerErrorException', message: 'Internal server error', requestId });
  const line = await lines.find((l) => l.requestId === requestId);
  assert.is(line.level, 50);
  const err = line.err as { message: string; stack: string };
  assert.is(err.message, 'boom: the database is gone');
  assert.match(err.stack, /todo-app\.ts/);
  assert.is(loggedErrors.length, before, 'not logged a second time through the application logger');
  const span = await finishedSpan(sdk, 'GET /health', (s) => s.attributes['framework.request_id'] === requestId);
  assert.is(span.status.code, SpanStatusCode.ERROR);
  assert.is(span.attributes['error.type'], 'Error');
  assert.ok(span.events.some((e) => e.name === 'exception' && e.attributes?.['exception.message'] === 'boom: the database is gone'));
});

test('an unexpected error on gRPC: UNKNOWN, logged once with the request id', async ({ todo, lines, loggedErrors }) => {
  const before = loggedErrors.length;
  const { error, trailers } = await getTodo(todo, '1', { 'x-boom': '1' });
  assert.is(error?.code, 2);
  const line = await lines.find((l) => l.requestId === trailers.get('x-request-id')[0]);
  assert.is(line.level, 50);
  assert.is((line.err as { message: string }).message, 'boom: the database is gone');
  assert.is(loggedErrors.length, before);
});

test('Authorization, Cookie, x-api-key and the configured fields are redacted', async ({ todo, lines }) => {
  const response = await fetch(`${todo.base}/health/`, {
    headers: { authorization: 'Bearer secret-token', cookie: 'session=secret', 'x-api-key': 'secret-key', 'x-session': 'secret-session', 'x-visible': 'shown' },
  });
  const line = await lines.find((l) => l.requestId === response.headers.get('x-request-id'));
  const headers = line.headers as Record<string, string>;
  assert.equal([headers.authorization, headers.cookie, headers['x-api-key'], headers['x-session'], headers['x-visible']], ['[redacted]', '[redacted]', '[redacted]', '[redacted]', 'shown']);
  assert.not.match(lines.raw.join(''), /secret-/);
});

test('a request id from a trusted proxy (loopback by default) is kept; an unusable one is replaced', async ({ todo }) => {
  const kept = await fetch(`${todo.base}/health/`, { headers: { 'x-request-id': 'edge-7f3a.01' } });
  assert.is(kept.headers.get('x-request-id'), 'edge-7f3a.01');
  const long = await fetch(`${todo.base}/health/`, { headers: { 'x-request-id': 'x'.repeat(129) } });
  assert.match(long.headers.get('x-request-id')!, UUID);
  const exactly = await fetch(`${todo.base}/health/`, { headers: { 'x-request-id': 'y'.repeat(128) } });
  assert.is(exactly.headers.get('x-request-id'), 'y'.repeat(128));
  // A tab and bytes beyond ASCII pass Node's header parser; fetch cannot send them, a raw socket can.
  for (const forged of ['abc\tdef', 'caf\xe9', 'a b']) {
    const head = await rawGet(todo.base, '/health/', `x-request-id: ${forged}`);
    const echoed = /^x-request-id: (.*)$/im.exec(head)?.[1]?.trim();
    assert.match(echoed ?? '', UUID, JSON.stringify(forged));
  }
});

test('forwarding headers from a trusted proxy name the client', async ({ todo, lines }) => {
  const response = await fetch(`${todo.base}/health/`, { headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.7' } });
  const line = await lines.find((l) => l.requestId === response.headers.get('x-request-id'));
  assert.is(line.client, '203.0.113.7');
});

test('newlines and quotes in logged user input stay inside their JSON string', async ({ todo, lines }) => {
  // A query value is decoded, and the 400's message (logged as the reason) quotes it.
  const forged = encodeURIComponent('1\n{"level":60,"msg":"forged"}\r\n');
  const head = await rawGet(todo.base, `/todo?limit=${forged}`, `authorization: Bearer ${todo.token}\r\nuser-agent: agent"\\},{"level":60`);
  assert.match(head, /^HTTP\/1\.1 400/);
  const requestId = /^x-request-id: (.*)$/im.exec(head)?.[1]?.trim();
  const line = await lines.find((l) => l.requestId === requestId);
  assert.is(line.userAgent, 'agent"\\},{"level":60');
  assert.ok(String(line.reason).includes('\n{"level":60'), String(line.reason));
  for (const text of lines.raw) assert.is(text.indexOf('\n'), text.length - 1, `one line per write: ${JSON.stringify(text)}`);
  assert.not.ok(lines.lines.some((l) => l.level === 60));
});

test.run();

/** A GET written on a raw socket (header bytes fetch refuses to send); resolves with the answer's head. */
function rawGet(base: string, path: string, header: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${hostname}\r\n${header}\r\nconnection: close\r\n\r\n`, 'latin1'));
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer.split('\r\n\r\n')[0]!));
    socket.on('error', reject);
  });
}
