/**
 * The dashboard's memory of what the app did: the last N traces (spans grouped by trace) and the
 * request lines made from their server spans, bounded however many requests the app serves.
 */
import type { SpanRecord } from './messages.js';

/** One request or call as a line: from the trace's server span. */
export interface RequestLine {
  readonly traceId: string;
  readonly spanId: string;
  readonly at: string;
  readonly transport: 'http' | 'grpc';
  readonly method: string;
  /** The route template or RPC path; absent when no route matched. */
  readonly route?: string;
  readonly path?: string;
  readonly status: number;
  readonly durationMs: number;
  readonly requestId?: string;
  readonly refusal?: string;
  readonly pid: number;
}

export interface TraceSummary {
  readonly traceId: string;
  /** The root span's name (`GET /todo/:id`), or the first span's while the root is not in. */
  readonly name: string;
  readonly startMs: number;
  readonly durationMs: number;
  readonly status: string;
  readonly spans: readonly SpanRecord[];
  readonly line?: RequestLine;
}

export interface TraceStoreOptions {
  /** Traces kept; the oldest goes first. Default 500. */
  readonly traces?: number;
  /** Spans kept per trace. Default 200. */
  readonly spansPerTrace?: number;
}

/**
 * Bounded traces and request lines, with listeners for the live stream.
 *
 * @example
 * const store = new TraceStore({ traces: 500 });
 * store.add(spans);
 * store.traces() // newest first
 */
export class TraceStore {
  private readonly byId = new Map<string, { spans: SpanRecord[]; line?: RequestLine; last: number }>();
  private readonly maxTraces: number;
  private readonly maxSpans: number;
  private readonly listeners = new Set<(spans: readonly SpanRecord[], lines: readonly RequestLine[]) => void>();
  private order = 0;

  constructor(options: TraceStoreOptions = {}) {
    this.maxTraces = options.traces ?? 500;
    this.maxSpans = options.spansPerTrace ?? 200;
  }

  /** Adds finished spans; tells the listeners about them and about the request lines they make. */
  add(spans: readonly SpanRecord[]): void {
    const lines: RequestLine[] = [];
    for (const span of spans) {
      let entry = this.byId.get(span.traceId);
      if (!entry) {
        entry = { spans: [], last: 0 };
        this.byId.set(span.traceId, entry);
        // A Map keeps insertion order: the first key is the oldest trace.
        if (this.byId.size > this.maxTraces) this.byId.delete(this.byId.keys().next().value!);
      }
      entry.last = ++this.order;
      if (entry.spans.length < this.maxSpans) entry.spans.push(span);
      const line = requestLineOf(span);
      if (line && !entry.line) {
        entry.line = line;
        lines.push(line);
      }
    }
    for (const listener of this.listeners) listener(spans, lines);
  }

  /** The kept traces, newest first (by their start), each with its spans in start order. */
  traces(filter: { route?: string; status?: number; minMs?: number; limit?: number } = {}): TraceSummary[] {
    const list = [...this.byId].map(([traceId, entry]) => summary(traceId, entry.spans, entry.line));
    return list
      .filter((t) => (filter.route === undefined || t.line?.route === filter.route) && (filter.status === undefined || t.line?.status === filter.status) && (filter.minMs === undefined || t.durationMs >= filter.minMs))
      .sort((a, b) => b.startMs - a.startMs)
      .slice(0, filter.limit ?? this.maxTraces);
  }

  /** The request lines of the kept traces, newest first. */
  lines(): RequestLine[] {
    return [...this.byId.values()].flatMap((e) => (e.line ? [e.line] : [])).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }

  get size(): number {
    return this.byId.size;
  }

  /** Calls `listener` with every batch of spans added; returns the function that stops it. */
  listen(listener: (spans: readonly SpanRecord[], lines: readonly RequestLine[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function summary(traceId: string, spans: readonly SpanRecord[], line: RequestLine | undefined): TraceSummary {
  const sorted = [...spans].sort((a, b) => a.startMs - b.startMs);
  const root = sorted.find((s) => !s.parentSpanId || !spans.some((o) => o.spanId === s.parentSpanId)) ?? sorted[0]!;
  const start = sorted[0]!.startMs;
  const end = Math.max(...sorted.map((s) => s.startMs + s.durationMs));
  return { traceId, name: root.name, startMs: start, durationMs: end - start, status: root.status, spans: sorted, ...(line ? { line } : {}) };
}

/** The request line of a server span (HTTP or gRPC); none for other spans. */
export function requestLineOf(span: SpanRecord): RequestLine | undefined {
  if (span.kind !== 'server') return undefined;
  const a = span.attributes;
  const grpc = a['rpc.system'] === 'grpc';
  const status = grpc ? a['rpc.grpc.status_code'] : a['http.response.status_code'];
  const route = grpc ? (a['rpc.service'] !== undefined ? `/${a['rpc.service']}/${a['rpc.method']}` : undefined) : a['http.route'];
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    at: new Date(span.startMs).toISOString(),
    transport: grpc ? 'grpc' : 'http',
    method: String(grpc ? 'POST' : (a['http.request.method_original'] ?? a['http.request.method'] ?? '')),
    ...(route !== undefined ? { route: String(route) } : {}),
    ...(a['url.path'] !== undefined ? { path: String(a['url.path']) } : {}),
    status: typeof status === 'number' ? status : Number(status ?? 0),
    durationMs: Math.round(span.durationMs * 100) / 100,
    ...(a['framework.request_id'] !== undefined ? { requestId: String(a['framework.request_id']) } : {}),
    ...(a['framework.refusal'] !== undefined ? { refusal: String(a['framework.refusal']) } : {}),
    pid: span.pid,
  };
}
