// Metrics through the real OpenTelemetry SDK: the HTTP and RPC server duration histograms with the
// convention's attributes and advised buckets, active requests back to zero, and the framework's
// counters of refusals (guard, throttler, validation, body size) and aborted clients.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Metadata } from '@grpc/grpc-js';
import type { DataPoint, Histogram } from '@opentelemetry/sdk-metrics';
import { Agent, request } from 'node:http';
import { todoClient } from '../e2e/grpc-client.js';
import { registerTestSdk } from './fixtures/sdk.js';
import { startTodo, type StartedTodo } from './fixtures/todo-app.js';

const sdk = registerTestSdk();
const test = suite<{ todo: StartedTodo }>('server metrics');

test.before(async (context) => {
  context.todo = await startTodo();
});
test.after(async ({ todo }) => {
  await todo.stop();
  await sdk.shutdown();
});

function withAttributes<T extends DataPoint<unknown>>(points: T[], attributes: Record<string, unknown>): T[] {
  return points.filter((point) => Object.entries(attributes).every(([key, value]) => point.attributes[key] === value));
}

/** Waits until the metric's points satisfy `ready` (a request's metrics are recorded once its answer is handed over). */
async function pointsWhen<T extends number | Histogram>(name: string, ready: (points: DataPoint<T>[]) => boolean): Promise<DataPoint<T>[]> {
  let points: DataPoint<T>[] = [];
  for (let waited = 0; waited < 2000; waited += 20) {
    points = (await sdk.points(name)) as DataPoint<T>[];
    if (ready(points)) return points;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return points;
}

test('http.server.request.duration: seconds, advised buckets, by method, route, status and scheme', async ({ todo }) => {
  for (const id of ['1', '2', '3']) await fetch(`${todo.base}/todo/${id}`, { headers: { authorization: `Bearer ${todo.token}` } });
  const points = await pointsWhen<Histogram>('http.server.request.duration', (p) => withAttributes(p, { 'http.route': '/todo/:id' }).length > 0);
  const [point] = withAttributes(points, { 'http.route': '/todo/:id', 'http.request.method': 'GET', 'http.response.status_code': 404, 'url.scheme': 'http' });
  assert.ok(point, JSON.stringify(points.map((p) => p.attributes)));
  assert.is(point.value.count, 3);
  assert.equal(point.value.buckets.boundaries, [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]);
  // Low cardinality: the path's id is not an attribute.
  assert.not.ok(points.some((p) => 'url.path' in p.attributes));
});

test('http.server.active_requests returns to zero', async ({ todo }) => {
  await fetch(`${todo.base}/health/`);
  const points = await pointsWhen<number>('http.server.active_requests', (p) => p.length > 0 && p.every((point) => point.value === 0));
  assert.ok(points.length > 0);
  assert.ok(points.every((point) => point.value === 0), JSON.stringify(points));
  assert.equal(Object.keys(points[0]!.attributes).sort(), ['http.request.method', 'url.scheme']);
});

test('refusals are counted by kind: guard, validation, body too large', async ({ todo }) => {
  await fetch(`${todo.base}/todo`, { headers: { authorization: 'Bearer forged' } });
  await fetch(`${todo.base}/todo`, { method: 'POST', headers: { authorization: `Bearer ${todo.token}`, 'content-type': 'application/json' }, body: '{"name":3}' });
  await fetch(`${todo.base}/todo`, { method: 'POST', headers: { authorization: `Bearer ${todo.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(70 * 1024) }) });
  const points = await pointsWhen<number>('framework.server.requests.refused', (p) => p.length >= 3);
  const count = (kind: string) => withAttributes(points, { 'framework.refusal': kind, transport: 'http' })[0]?.value;
  assert.equal([count('guard'), count('validation'), count('body_too_large')], [1, 1, 1], JSON.stringify(points.map((p) => [p.attributes, p.value])));
});

test('the throttler’s refusals are counted as such', async ({ todo }) => {
  // The example throttles logins at 5 per minute per client (a sixth attempt is 429).
  let throttled = 0;
  for (let i = 0; i < 12 && throttled === 0; i++) {
    const response = await fetch(`${todo.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"demo","password":"wrong"}' });
    if (response.status === 429) throttled++;
  }
  assert.is(throttled, 1);
  const points = await pointsWhen<number>('framework.server.requests.refused', (p) => withAttributes(p, { 'framework.refusal': 'throttler' }).length > 0);
  assert.is(withAttributes(points, { 'framework.refusal': 'throttler' })[0]?.value, 1);
});

test('a client gone mid-body is counted as aborted', async ({ todo }) => {
  const { port } = new URL(todo.base);
  await new Promise<void>((resolve) => {
    const req = request({ port, method: 'POST', path: '/todo', headers: { authorization: `Bearer ${todo.token}`, 'content-type': 'application/json', 'content-length': '100' } });
    req.on('error', () => resolve());
    req.write('{"name":');
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 100);
  });
  const points = await pointsWhen<number>('framework.server.requests.aborted', (p) => p.length > 0);
  assert.is(withAttributes(points, { transport: 'http' })[0]?.value, 1);
});

test('rpc.server.call.duration by service, method and status code', async ({ todo }) => {
  const client = todoClient(todo.grpcAddress);
  const metadata = new Metadata();
  metadata.set('authorization', `Bearer ${todo.token}`);
  await new Promise((resolve) => client.GetTodo({ id: 'none' }, metadata, resolve));
  client.close();
  const points = await pointsWhen<Histogram>('rpc.server.call.duration', (p) => p.length > 0);
  const [point] = withAttributes(points, { 'rpc.system': 'grpc', 'rpc.service': 'todo.TodoService', 'rpc.method': 'GetTodo', 'rpc.grpc.status_code': 5 });
  assert.ok(point, JSON.stringify(points.map((p) => p.attributes)));
  assert.is(point.value.count, 1);
});

test('connections open at close() are counted as drained', async () => {
  const second = await startTodo();
  const agent = new Agent({ keepAlive: true });
  const { port } = new URL(second.base);
  await new Promise<void>((resolve, reject) => {
    request({ port, path: '/health/', agent }, (response) => response.resume().on('end', resolve)).on('error', reject).end();
  });
  const before = withAttributes(await sdk.points('framework.server.connections.drained'), {})[0]?.value ?? 0;
  await second.stop();
  agent.destroy();
  const after = (await sdk.points('framework.server.connections.drained'))[0]?.value;
  // The login the fixture made and this request may share one connection, or not: at least this one.
  assert.ok(typeof after === 'number' && after - Number(before) >= 1, String(after));
});

test.run();
