/**
 * The dev dashboard's tracer inside an app process: just what the dashboard shows of a span (ids,
 * name, kind, times, status, attributes, events), recorded by `@opentelemetry/api`'s `Tracer` and
 * `Span` interfaces without an SDK. A span is one small object whose name and attribute keys are
 * the caller's strings (the framework prepares them once per route at `init`), with no closure,
 * resource or limits object of its own; ended, it goes to `onEnd` as it is.
 *
 * @example
 * const provider = new CompactTracerProvider((span) => ring.push(span));
 * trace.setGlobalTracerProvider(provider);
 */
import { randomFillSync } from 'node:crypto';
import { context as contextApi, trace, type Attributes, type AttributeValue, type Context, type Exception, type Link, type Span, type SpanContext, type SpanOptions, type SpanStatus, type TimeInput, type Tracer, type TracerProvider } from '@opentelemetry/api';

/** Random bytes drawn in blocks, so an id costs no call into the system. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
function randomHex(bytes: number): string {
  if (poolAt + bytes > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += bytes;
  return pool.toString('hex', poolAt - bytes, poolAt);
}

const SAMPLED = 1;
const nowMs = (): number => performance.timeOrigin + performance.now();

/** Epoch milliseconds of an OpenTelemetry time input (the current time when absent). */
function epochMs(time: TimeInput | undefined): number {
  if (time === undefined) return nowMs();
  if (typeof time === 'number') return time < performance.timeOrigin ? performance.timeOrigin + time : time; // a performance.now() or an epoch
  if (time instanceof Date) return time.getTime();
  return time[0] * 1000 + time[1] / 1e6;
}

export interface CompactEvent {
  readonly name: string;
  readonly atMs: number;
  readonly attributes?: Attributes;
}

/** A span as the dashboard needs it; also the `Span` the app's code holds while it runs. */
export class CompactSpan implements Span {
  readonly spanId = randomHex(8);
  readonly startMs: number;
  endMs = 0;
  /** `SpanStatusCode`: 0 unset, 1 ok, 2 error. */
  statusCode = 0;
  statusMessage: string | undefined = undefined;
  readonly attributes: Attributes;
  events: CompactEvent[] | undefined = undefined;

  constructor(
    private readonly onEnd: (span: CompactSpan) => void,
    public name: string,
    /** `SpanKind`: 0 internal, 1 server, 2 client, 3 producer, 4 consumer. */
    readonly kind: number,
    readonly traceId: string,
    readonly parentSpanId: string | undefined,
    attributes: Attributes | undefined,
    startTime: TimeInput | undefined,
  ) {
    this.startMs = epochMs(startTime);
    // A copy: setAttribute must not write into the caller's object.
    this.attributes = attributes ? { ...attributes } : {};
  }

  spanContext(): SpanContext {
    return { traceId: this.traceId, spanId: this.spanId, traceFlags: SAMPLED };
  }
  setAttribute(key: string, value: AttributeValue): this {
    if (this.endMs === 0) this.attributes[key] = value;
    return this;
  }
  setAttributes(attributes: Attributes): this {
    if (this.endMs === 0) Object.assign(this.attributes, attributes);
    return this;
  }
  addEvent(name: string, attributesOrTime?: Attributes | TimeInput, time?: TimeInput): this {
    if (this.endMs !== 0) return this;
    const timeGiven = typeof attributesOrTime === 'number' || attributesOrTime instanceof Date || Array.isArray(attributesOrTime);
    const event: CompactEvent = timeGiven
      ? { name, atMs: epochMs(attributesOrTime as TimeInput) }
      : { name, atMs: epochMs(time), ...(attributesOrTime ? { attributes: attributesOrTime as Attributes } : {}) };
    (this.events ??= []).push(event);
    return this;
  }
  // Links are not shown by the dashboard.
  addLink(_link: Link): this {
    return this;
  }
  addLinks(_links: Link[]): this {
    return this;
  }
  setStatus(status: SpanStatus): this {
    if (this.endMs !== 0) return this;
    this.statusCode = status.code;
    this.statusMessage = status.message;
    return this;
  }
  updateName(name: string): this {
    if (this.endMs === 0) this.name = name;
    return this;
  }
  end(endTime?: TimeInput): void {
    if (this.endMs !== 0) return;
    this.endMs = Math.max(epochMs(endTime), this.startMs);
    this.onEnd(this);
  }
  isRecording(): boolean {
    return this.endMs === 0;
  }
  recordException(exception: Exception, time?: TimeInput): void {
    const attributes: Attributes =
      typeof exception === 'string'
        ? { 'exception.message': exception }
        : {
            ...((exception as Error).name || exception.code !== undefined ? { 'exception.type': (exception as Error).name || String(exception.code) } : {}),
            ...(exception.message !== undefined ? { 'exception.message': exception.message } : {}),
            ...(exception.stack !== undefined ? { 'exception.stacktrace': exception.stack } : {}),
          };
    this.addEvent('exception', attributes, time);
  }
}

/** Starts {@link CompactSpan}s, each in its parent's trace (a span of the context, or a `traceparent` the framework extracted). */
export class CompactTracer implements Tracer {
  constructor(private readonly onEnd: (span: CompactSpan) => void) {}

  startSpan(name: string, options: SpanOptions = {}, parentContext: Context = contextApi.active()): Span {
    const parent = options.root ? undefined : trace.getSpanContext(parentContext);
    const inherited = parent !== undefined && trace.isSpanContextValid(parent);
    return new CompactSpan(this.onEnd, name, options.kind ?? 0, inherited ? parent.traceId : randomHex(16), inherited ? parent.spanId : undefined, options.attributes, options.startTime);
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...rest: [F] | [SpanOptions, F] | [SpanOptions, Context, F]): ReturnType<F> {
    const fn = rest[rest.length - 1] as F;
    const options = rest.length > 1 ? (rest[0] as SpanOptions) : undefined;
    const parent = rest.length > 2 ? (rest[1] as Context) : contextApi.active();
    const span = this.startSpan(name, options, parent);
    return contextApi.with(trace.setSpan(parent, span), fn as (span: Span) => ReturnType<F>, undefined, span);
  }
}

/** The one tracer, whatever the scope asked for: the dashboard shows every span alike. */
export class CompactTracerProvider implements TracerProvider {
  private readonly tracer: CompactTracer;
  constructor(onEnd: (span: CompactSpan) => void) {
    this.tracer = new CompactTracer(onEnd);
  }
  getTracer(): Tracer {
    return this.tracer;
  }
}
