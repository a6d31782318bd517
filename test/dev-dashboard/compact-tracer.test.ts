// The dashboard's in-app tracer (no SDK): spans started through @opentelemetry/api, as the
// framework starts them, land in its records with their trace, parent, attributes, events and
// status; a span ends once; the caller's attributes are not written into; the ring that holds
// finished spans for the IPC channel keeps the newest at its bound.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { CompactTracerProvider, type CompactSpan } from '../../compiler/src/dev/dashboard/app-side/compact-tracer.js';
import { spanRecord } from '../../compiler/src/dev/dashboard/app-side/span-feed.js';
import { SpanRing } from '../../compiler/src/dev/dashboard/app-side/span-ring.js';
import { liveTracer } from '../../runtime/core/src/telemetry/live-api.js';

const ended: CompactSpan[] = [];
trace.setGlobalTracerProvider(new CompactTracerProvider((span) => ended.push(span)));

test('the framework finds it as a live tracer, and its spans continue the caller’s trace', () => {
  const tracer = liveTracer();
  assert.ok(tracer, 'registered through the API, as an SDK is');
  const caller = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1, isRemote: true };
  const attributes = { 'http.request.method': 'GET', 'url.path': '/todo/1' };
  const server = tracer!.startSpan('GET /todo/:id', { kind: SpanKind.SERVER, attributes }, trace.setSpanContext(ROOT_CONTEXT, caller));
  const step = tracer!.startSpan('guard JwtAuthGuard', { attributes: { 'framework.step.kind': 'guard' } }, trace.setSpan(ROOT_CONTEXT, server));
  step.setAttribute('framework.guard.allowed', false).setStatus({ code: SpanStatusCode.ERROR, message: 'refused' });
  step.end();
  server.setAttribute('http.response.status_code', 403);
  server.addEvent('framework.guard.refused', { 'framework.reason': 'no token' });
  server.end();
  server.end(); // a second end is ignored
  server.setAttribute('late', true);

  assert.equal(attributes, { 'http.request.method': 'GET', 'url.path': '/todo/1' }, 'the caller’s object is not written into');
  assert.is(ended.length, 2);
  const [stepRecord, serverRecord] = ended.map(spanRecord);
  assert.is(serverRecord!.traceId, caller.traceId);
  assert.is(serverRecord!.parentSpanId, caller.spanId);
  assert.is(stepRecord!.traceId, caller.traceId);
  assert.is(stepRecord!.parentSpanId, serverRecord!.spanId);
  assert.match(serverRecord!.spanId, /^[0-9a-f]{16}$/);
  assert.is(serverRecord!.kind, 'server');
  assert.is(stepRecord!.kind, 'internal');
  assert.equal(serverRecord!.attributes, { 'http.request.method': 'GET', 'url.path': '/todo/1', 'http.response.status_code': 403 });
  assert.is(stepRecord!.status, 'error');
  assert.is(stepRecord!.statusMessage, 'refused');
  assert.is(serverRecord!.status, 'unset');
  assert.equal(serverRecord!.events.map((e) => [e.name, e.attributes]), [['framework.guard.refused', { 'framework.reason': 'no token' }]]);
  assert.ok(serverRecord!.durationMs >= 0 && Math.abs(serverRecord!.startMs - Date.now()) < 5000, 'epoch milliseconds');
  assert.is(serverRecord!.pid, process.pid);
});

test('a span without a parent starts a trace; an exception is an event; startActiveSpan hands the span over', () => {
  ended.length = 0;
  const tracer = trace.getTracer('app');
  const result = tracer.startActiveSpan('outgoing', { kind: SpanKind.CLIENT }, (span) => {
    span.recordException(new TypeError('boom'));
    span.end();
    return 42;
  });
  assert.is(result, 42);
  const [record] = ended.map(spanRecord);
  assert.match(record!.traceId, /^[0-9a-f]{32}$/);
  assert.is(record!.parentSpanId, undefined);
  assert.is(record!.kind, 'client');
  assert.is(record!.events[0]!.name, 'exception');
  assert.is(record!.events[0]!.attributes['exception.type'], 'TypeError');
  assert.is(record!.events[0]!.attributes['exception.message'], 'boom');
});

test('the ring keeps the newest spans at its bound, oldest first, and lets go of what it hands out', () => {
  const ring = new SpanRing<number>(4);
  for (let i = 1; i <= 10; i++) ring.push(i);
  assert.is(ring.size, 4);
  assert.equal(ring.take(3), [7, 8, 9]);
  ring.push(11);
  assert.equal(ring.take(10, (n) => n * 10), [100, 110]);
  assert.is(ring.size, 0);
  assert.equal(ring.take(5), []);
});

test.run();
