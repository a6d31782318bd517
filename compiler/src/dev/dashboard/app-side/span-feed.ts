/**
 * The dev dashboard's side inside an app process of `framework-build dev`, loaded by the loop's
 * preload only when the dashboard is on (never by an app started otherwise): an OpenTelemetry
 * tracer provider registered before the app's entry, whose span processor sends each finished
 * span to the loop over the process's IPC channel, and the app's HTTP address once it listens.
 *
 * Not registered when the app asks for its own export (`OTEL_TRACES_EXPORTER` or
 * `OTEL_EXPORTER_OTLP_ENDPOINT`): its SDK then owns the global tracer provider.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type net from 'node:net';
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { AppAddress, FromAppToDashboard, SpanRecord } from '../messages.js';

const KINDS = ['internal', 'server', 'client', 'producer', 'consumer'];
const STATUSES = ['unset', 'ok', 'error'];
/** Spans sent per message at most; a burst of requests is sent in a few messages, not one per span. */
const BATCH = 256;
/** Spans held while the channel is busy; older ones are dropped (the dashboard keeps the last N anyway). */
const PENDING_LIMIT = 4096;

const send = (message: FromAppToDashboard): void => void (process.connected && process.send?.(message, undefined, {}, () => undefined));
const ms = ([seconds, nanos]: readonly [number, number]): number => seconds * 1000 + nanos / 1e6;

function flat(attributes: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.join(', ');
  }
  return out;
}

/** A span as the dashboard keeps it. */
export function spanRecord(span: ReadableSpan): SpanRecord {
  const context = span.spanContext();
  const parent = span.parentSpanContext?.spanId;
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    ...(parent ? { parentSpanId: parent } : {}),
    name: span.name,
    kind: KINDS[span.kind] ?? 'internal',
    startMs: ms(span.startTime),
    durationMs: ms(span.duration),
    status: STATUSES[span.status.code] ?? 'unset',
    ...(span.status.message ? { statusMessage: span.status.message } : {}),
    attributes: flat(span.attributes),
    events: span.events.map((event) => ({ name: event.name, atMs: ms(event.time), attributes: flat(event.attributes ?? {}) })),
    pid: process.pid,
  };
}

/** Sends finished spans to the loop, batched per turn of the event loop. */
class IpcSpanProcessor implements SpanProcessor {
  private pending: SpanRecord[] = [];
  private scheduled = false;

  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    if (!process.connected) return;
    if (this.pending.length >= PENDING_LIMIT) this.pending.shift();
    this.pending.push(spanRecord(span));
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }
  forceFlush(): Promise<void> {
    this.flush();
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return this.forceFlush();
  }
  private flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0) send({ type: 'dashboard:spans', spans: this.pending.splice(0, BATCH) });
  }
}

/** Registers the tracer provider (unless the app exports its own traces). */
export function startSpanFeed(env: NodeJS.ProcessEnv = process.env): void {
  if (env.OTEL_TRACES_EXPORTER || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_SDK_DISABLED === 'true') return;
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new IpcSpanProcessor()] }));
  // The chain's steps (guards, interceptors, validation, the handler…) as child spans of each
  // call's server span: read by the framework's init (runtime/core's chain/step-spans.ts).
  (globalThis as Record<symbol, unknown>)[Symbol.for('framework.dev.chainSpans')] = trace.getTracer('@framework/core');
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
