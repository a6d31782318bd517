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
}

/**
 * Once the app was told to bind: says where its HTTP server listens (the first `node:http`
 * server of the process), looked for every 20 ms for 10 s.
 */
export function reportAddressWhenListening(): void {
  let tries = 0;
  const timer = setInterval(() => {
    const address = httpAddress();
    if (address || ++tries > 500) clearInterval(timer);
    if (address) send({ type: 'dashboard:address', address: { pid: process.pid, http: address } });
  }, 20);
  timer.unref();
}

function httpAddress(): AppAddress['http'] | undefined {
  // The servers the process holds open; no hook in the framework or the app is needed for it.
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  for (const handle of handles) {
    if (!(handle instanceof http.Server) || !handle.listening) continue;
    const address = handle.address();
    if (address && typeof address === 'object') return { host: address.address, port: address.port };
  }
  return undefined;
}
