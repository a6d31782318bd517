// Server spans through the real OpenTelemetry SDK (in-memory exporter): names and attributes of
// the HTTP and RPC conventions, the caller's trace context continued, the chain running inside the
// span, refusals as events, faults recorded on the span and never in the answer.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpRequest } from 'node:http';
import { Metadata, type ServiceError } from '@grpc/grpc-js';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { todoClient } from '../e2e/grpc-client.js';
import { finishedSpan, registerTestSdk } from './fixtures/sdk.js';
import { startTodo, type StartedTodo } from './fixtures/todo-app.js';

const sdk = registerTestSdk();
const test = suite<{ todo: StartedTodo }>('server spans');

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const LATE_BODY_PARENT = '00f067aa0ba902c8';

test.before(async (context) => {
  context.todo = await startTodo();
});
test.after(async ({ todo }) => {
  await todo.stop();
  await sdk.shutdown();
});

test('an HTTP request is one server span named {METHOD} {route}, with the HTTP server attributes', async ({ todo }) => {
  const response = await fetch(`${todo.base}/todo/41`, { headers: { authorization: `Bearer ${todo.token}`, 'user-agent': 'spans-test/1' } });
  assert.is(response.status, 404);
  const span = await finishedSpan(sdk, 'GET /todo/:id');
  assert.is(span.kind, SpanKind.SERVER);
  assert.equal(
    {
      method: span.attributes['http.request.method'],
      scheme: span.attributes['url.scheme'],
      path: span.attributes['url.path'],
      route: span.attributes['http.route'],
      status: span.attributes['http.response.status_code'],
      protocol: span.attributes['network.protocol.version'],
      client: span.attributes['client.address'],
      agent: span.attributes['user_agent.original'],
    },
    { method: 'GET', scheme: 'http', path: '/todo/41', route: '/todo/:id', status: 404, protocol: '1.1', client: '127.0.0.1', agent: 'spans-test/1' },
  );
  // A 4xx is the client's doing: no error status on a server span.
  assert.is(span.status.code, SpanStatusCode.UNSET);
  assert.is(span.attributes['error.type'], undefined);
  assert.is(span.attributes['framework.request_id'], response.headers.get('x-request-id'));
});

test('a request no route matches is a span named {METHOD} without http.route, its 404 answered with a request id', async ({ todo }) => {
  const response = await fetch(`${todo.base}/no/such/path`, { headers: { 'user-agent': 'unmatched' } });
  assert.is(response.status, 404);
  const span = await finishedSpan(sdk, 'GET', (s) => s.attributes['user_agent.original'] === 'unmatched');
  assert.is(span.kind, SpanKind.SERVER);
  assert.is(span.attributes['http.route'], undefined);
  assert.is(span.attributes['url.path'], '/no/such/path');
  assert.is(span.attributes['http.response.status_code'], 404);
  assert.match(response.headers.get('x-request-id') ?? '', /.+/);
  assert.is(span.attributes['framework.request_id'], response.headers.get('x-request-id'));
});

test('the caller’s traceparent is continued, and the chain runs inside the server span', async ({ todo }) => {
  const response = await fetch(`${todo.base}/health/`, { headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` } });
  assert.is(response.status, 200);
  const server = await finishedSpan(sdk, 'GET /health', (span) => span.spanContext().traceId === TRACE_ID);
  assert.is(server.parentSpanContext?.spanId, PARENT_ID);
  const child = await finishedSpan(sdk, 'middleware child', (span) => span.spanContext().traceId === TRACE_ID);
  assert.is(child.parentSpanContext?.spanId, server.spanContext().spanId);
});

test('a body sent after the headers, without a declared length, is read and the chain still runs inside the server span', async ({ todo }) => {
  // The body ends in a later socket event than the request began in: what runs after the read must be back in the span.
  const { port } = new URL(todo.base);
  const status = await new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1', port, method: 'POST', path: '/todo',
        headers: { authorization: `Bearer ${todo.token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked', traceparent: `00-${TRACE_ID}-${LATE_BODY_PARENT}-01` },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode!);
      },
    );
    request.on('error', reject);
    request.flushHeaders();
    setTimeout(() => request.end(JSON.stringify({ name: 'late body', priority: 1, colorLabel: '#fff' })), 50);
  });
  assert.is(status, 200);
  const server = await finishedSpan(sdk, 'POST /todo', (span) => span.parentSpanContext?.spanId === LATE_BODY_PARENT);
  const child = await finishedSpan(sdk, 'middleware child', (span) => span.parentSpanContext?.spanId === server.spanContext().spanId);
  assert.is(child.spanContext().traceId, TRACE_ID);
});

test('a malformed traceparent starts a new trace, with no error', async ({ todo }) => {
  const response = await fetch(`${todo.base}/health/`, { headers: { traceparent: '00-zzzz-not-a-trace-01', 'user-agent': 'malformed' } });
  assert.is(response.status, 200);
  const span = await finishedSpan(sdk, 'GET /health', (s) => s.attributes['user_agent.original'] === 'malformed');
  assert.is(span.parentSpanContext, undefined);
  assert.match(span.spanContext().traceId, /^[0-9a-f]{32}$/);
});

test('a guard’s refusal is a span event with its reason', async ({ todo }) => {
  const response = await fetch(`${todo.base}/todo`, { headers: { authorization: 'Bearer forged', 'user-agent': 'refused' } });
  assert.is(response.status, 403);
  const span = await finishedSpan(sdk, 'GET /todo', (s) => s.attributes['user_agent.original'] === 'refused');
  const event = span.events.find((e) => e.name === 'framework.guard.refused');
  assert.ok(event, span.events.map((e) => e.name).join(', '));
  assert.is(event.attributes?.['framework.refusal'], 'guard');
  assert.match(String(event.attributes?.['framework.reason']), /^AppGuard: /);
});

test('a validation failure is a span event naming the failed rules', async ({ todo }) => {
  const response = await fetch(`${todo.base}/todo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${todo.token}`, 'content-type': 'application/json', 'user-agent': 'invalid' },
    body: JSON.stringify({ name: 7 }),
  });
  assert.is(response.status, 400);
  const span = await finishedSpan(sdk, 'POST /todo', (s) => s.attributes['user_agent.original'] === 'invalid');
  const event = span.events.find((e) => e.name === 'framework.validation.refused');
  assert.ok(event, span.events.map((e) => e.name).join(', '));
  assert.match(String(event.attributes?.['framework.reason']), /name/);
});

test('a gRPC call is one server span named {package.Service}/{Method}, with the RPC attributes, in the caller’s trace', async ({ todo }) => {
  const client = todoClient(todo.grpcAddress);
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${todo.token}`);
  metadata.set('traceparent', `00-${TRACE_ID}-${PARENT_ID}-01`);
  const trailers = new Promise<Metadata>((resolve) => {
    const call = client.GetTodo({ id: '999' }, metadata, () => undefined);
    call.on('status', (status) => resolve(status.metadata));
  });
  const requestId = (await trailers).get('x-request-id')[0];
  client.close();
  const span = await finishedSpan(sdk, 'todo.TodoService/GetTodo', (s) => s.spanContext().traceId === TRACE_ID);
  assert.is(span.kind, SpanKind.SERVER);
  assert.is(span.parentSpanContext?.spanId, PARENT_ID);
  assert.equal(
    [span.attributes['rpc.system'], span.attributes['rpc.service'], span.attributes['rpc.method'], span.attributes['rpc.grpc.status_code']],
    ['grpc', 'todo.TodoService', 'GetTodo', 5],
  );
  assert.is(span.attributes['framework.request_id'], requestId);
  const child = await finishedSpan(sdk, 'middleware child', (s) => s.parentSpanContext?.spanId === span.spanContext().spanId);
  assert.is(child.spanContext().traceId, TRACE_ID);
});

test('a gRPC call refused by the guard carries the refusal event', async ({ todo }) => {
  const client = todoClient(todo.grpcAddress);
  const metadata = new Metadata();
  metadata.set('authorization', 'Bearer forged');
  const error = await new Promise<ServiceError | null>((resolve) => client.GetTodo({ id: '1' }, metadata, (e) => resolve(e)));
  client.close();
  assert.is(error?.code, 7);
  const span = await finishedSpan(sdk, 'todo.TodoService/GetTodo', (s) => s.attributes['rpc.grpc.status_code'] === 7);
  assert.ok(span.events.some((e) => e.name === 'framework.guard.refused'));
});

test.run();
