/**
 * The dev dashboard's side inside an app process of `framework-build dev`, loaded by the loop's
 * preload only when the dashboard is on (never by an app started otherwise): a tracer provider
 * registered before the app's entry (compact-tracer.ts: no SDK, one small object per span), whose
 * finished spans wait in a fixed ring and go to the loop over the process's IPC channel in
 * batches, and the app's HTTP address once it listens.
 *
 * Not registered when the app asks for its own export (`OTEL_TRACES_EXPORTER` or
 * `OTEL_EXPORTER_OTLP_ENDPOINT`): its SDK then owns the global tracer provider.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type net from 'node:net';
import { trace, type Attributes } from '@opentelemetry/api';
import type { AppAddress, FromAppToDashboard, SpanRecord } from '../messages.js';
import { CompactTracerProvider, type CompactSpan } from './compact-tracer.js';
import { SpanRing } from './span-ring.js';

const KINDS = ['internal', 'server', 'client', 'producer', 'consumer'];
const STATUSES = ['unset', 'ok', 'error'];
/** Spans sent per message at most; a burst of requests is sent in a few messages, not one per span. */
const BATCH = 256;
/** Spans held while the channel is busy; older ones are dropped (the dashboard keeps the last N anyway). */
const PENDING_LIMIT = 4096;
/** How long spans wait when the channel is backed up. */
const RETRY_MS = 100;

const send = (message: FromAppToDashboard): void => void (process.connected && process.send?.(message, undefined, {}, () => undefined));

function flat(attributes: Attributes): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const key in attributes) {
    const value = attributes[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.join(', ');
  }
  return out;
}

/** A span as the dashboard keeps it: made only when it is sent. */
export function spanRecord(span: CompactSpan): SpanRecord {
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
    name: span.name,
    kind: KINDS[span.kind] ?? 'internal',
    startMs: span.startMs,
    durationMs: span.endMs - span.startMs,
    status: STATUSES[span.statusCode] ?? 'unset',
    ...(span.statusMessage ? { statusMessage: span.statusMessage } : {}),
    attributes: flat(span.attributes),
    events: (span.events ?? []).map((event) => ({ name: event.name, atMs: event.atMs, attributes: flat(event.attributes ?? {}) })),
    pid: process.pid,
  };
}

/** The finished spans, sent in batches once per turn of the event loop. */
const pending = new SpanRing<CompactSpan>(PENDING_LIMIT);
let scheduled = false;
/**
 * Sends what waits. While the loop does not read its end of the channel (a type check holds its
 * thread for seconds), Node queues what is sent in this process without bound and `send` says
 * false: the spans then wait in the ring instead, and are tried again a little later.
 */
function flush(): void {
  scheduled = false;
  while (pending.size > 0 && process.connected) {
    const sent = process.send?.({ type: 'dashboard:spans', spans: pending.take(BATCH, spanRecord) } satisfies FromAppToDashboard, undefined, {}, () => undefined);
    if (sent === false) {
      scheduled = true;
      setTimeout(flush, RETRY_MS).unref();
      return;
    }
  }
}
function ended(span: CompactSpan): void {
  if (!process.connected) return;
  pending.push(span);
  if (scheduled) return;
  scheduled = true;
  setImmediate(flush);
}

/** Registers the tracer provider (unless the app exports its own traces). */
export function startSpanFeed(env: NodeJS.ProcessEnv = process.env): void {
  if (env.OTEL_TRACES_EXPORTER || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_SDK_DISABLED === 'true') return;
  const provider = new CompactTracerProvider(ended);
  trace.setGlobalTracerProvider(provider);
  // The chain's steps (guards, interceptors, validation, the handler…) as child spans of each
  // call's server span: read by the framework's init (runtime/core's chain/step-spans.ts).
  (globalThis as Record<symbol, unknown>)[Symbol.for('framework.dev.chainSpans')] = provider.getTracer();
}

/**
 * Once the app was told to bind: says where its HTTP server listens (the first `node:http`
 * server of the process) and its gRPC server (the first plain HTTP/2 one), looked for every 20 ms
 * for 10 s; said again when the second appears after the first.
 */
export function reportAddressWhenListening(): void {
  let tries = 0;
  let said = '';
  const timer = setInterval(() => {
    const address = { pid: process.pid, ...listeningAddresses() };
    if ((address.http && address.grpc) || ++tries > 500) clearInterval(timer);
    const text = JSON.stringify(address);
    if (address.http && text !== said) {
      said = text;
      send({ type: 'dashboard:address', address });
    }
  }, 20);
  timer.unref();
}

// The class of node:http2's plain servers (grpc-js serves through one); not exported by name.
const Http2Server = Object.getPrototypeOf(http2.createServer()).constructor as new () => net.Server;

function listeningAddresses(): { http?: AppAddress['http']; grpc?: AppAddress['grpc'] } {
  // The servers the process holds open; no hook in the framework or the app is needed for it.
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  const found: { http?: AppAddress['http']; grpc?: AppAddress['grpc'] } = {};
  for (const handle of handles) {
    const kind = handle instanceof http.Server ? 'http' : handle instanceof Http2Server ? 'grpc' : undefined;
    if (!kind || found[kind] || !(handle as net.Server).listening) continue;
    const address = (handle as net.Server).address();
    if (address && typeof address === 'object') found[kind] = { host: address.address, port: address.port };
  }
  return found;
}
