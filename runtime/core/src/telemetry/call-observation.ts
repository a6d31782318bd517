import type { Context, Span } from '@opentelemetry/api';
import type { OtelApi } from './live-telemetry.js';
import { HttpException } from '../exceptions/http-exception.js';
import type { RequestLog } from '../logging/request-log.js';
import type { Instruments, RefusalKind } from './instruments.js';
import { outcomeOf, reasonOf } from './refusal.js';
import { ATTR } from './semantic.js';
import { monotonicMs } from '../timing/monotonic-clock.js';

/** What an observed route prepared at `init` does at the end of each of its calls. */
export interface RouteProfile {
  readonly transport: 'http' | 'grpc';
  /** `/todo/:id`, or `todo.TodoService/GetTodo`; `undefined` for a request no route matched. */
  readonly route: string | undefined;
  /** Sets the status attributes on the span and its status; `failed` when the call is a server fault. */
  endSpan(span: Span, status: number, errorType: string | undefined): void;
  /** Records the duration (and the end of an active request) on the instruments. */
  recordEnd(instruments: Instruments, status: number, seconds: number, errorType: string | undefined, facts: CallLogFacts): void;
  /** Whether `status` is a server fault (an HTTP 5xx; a gRPC status the server is to blame for). */
  isFault(status: number): boolean;
}

/** The facts of one call a request line carries beside the route's. */
export interface CallLogFacts {
  /** `GET`, or the RPC's method name. */
  readonly method: string;
  readonly path?: string;
  readonly client: string;
  readonly userAgent?: string;
  readonly headers?: () => Record<string, unknown>;
  /** `http`, `https`; `''` on gRPC. */
  readonly scheme: string;
}

/**
 * One observed call: its span (when a tracer is live), its request id, and what happened to it
 * (a refusal, an error), until `end` writes the span, the metrics and the request line at once.
 * Created only for routes of an application that observes anything.
 *
 * @example
 * const observation = observer.begin(facts);
 * const answer = observation.run(() => chain(call));   // guards, interceptors, handler inside the span
 * observation.end(200);
 */
export class CallObservation {
  private refusal?: RefusalKind | 'aborted';
  private reason?: string;
  private error?: unknown;
  private readonly started = monotonicMs();

  constructor(
    private readonly profile: RouteProfile,
    readonly requestId: string,
    private readonly facts: CallLogFacts,
    private readonly span: Span | undefined,
    private readonly spanContext: Context | undefined,
    private readonly instruments: Instruments | undefined,
    private readonly log: RequestLog | undefined,
    /** Present whenever `spanContext` is. */
    private readonly api?: OtelApi,
  ) {}

  /** The call's span context (its server span's), when a tracer is live: the parent of spans made for the call. */
  get traceContext(): Context | undefined {
    return this.spanContext;
  }

  /** Runs `work` inside the call's span context, so what it instruments becomes the span's child. */
  run<T>(work: () => T): T {
    return this.spanContext === undefined ? work() : this.api!.context.with(this.spanContext, work);
  }

  /** Notes that the framework refused the call (the chain's guards, the throttler, validation, the body limit). */
  refuse(kind: RefusalKind, reason: string): void {
    if (this.refusal !== undefined) return;
    this.refusal = kind;
    this.reason = reason;
    this.span?.addEvent(`framework.${kind}.refused`, { [ATTR.refusal]: kind, 'framework.reason': reason });
  }

  /**
   * Notes the error that ended the call: a refusal or abort it stands for is noted as such; an
   * unexpected one is recorded on the span (never in the answer) and logged with the request line.
   * `guard` names the guard that threw it or said no.
   */
  fail(error: unknown, guard?: string): void {
    const outcome = outcomeOf(error, guard !== undefined);
    if (outcome === 'aborted') {
      this.clientGone();
    } else if (outcome !== undefined) {
      this.refuse(outcome, guard === undefined || outcome !== 'guard' ? reasonOf(error) : `${guard}: ${reasonOf(error)}`);
    } else if (error instanceof HttpException && error.status < 500) {
      // The handler's own answer (a 404, a 409): its reason, not a fault.
      this.reason ??= reasonOf(error);
    } else if (this.error === undefined) {
      this.error = error;
    }
  }

  /** Notes that the client went away before the answer (a reset mid-body, a cancelled gRPC call). */
  clientGone(): void {
    if (this.refusal === 'aborted') return;
    this.refusal ??= 'aborted';
    this.span?.addEvent('framework.client.aborted');
  }

  /** Sets the counts of messages a streaming call sent and received on its span. */
  countMessages(sent: number, received: number): void {
    this.span?.setAttributes({ [ATTR.rpcSentMessages]: sent, [ATTR.rpcReceivedMessages]: received });
  }

  /** Whether the request line will carry the error (so the transport logs nothing of its own). */
  get logsErrors(): boolean {
    return this.log !== undefined;
  }

  /** Ends the call with its status (HTTP status, or gRPC status code): span, metrics, request line. */
  end(status: number): void {
    const seconds = (monotonicMs() - this.started) / 1000;
    const fault = this.profile.isFault(status);
    const error = this.error;
    const errorType = fault ? (error instanceof Error ? error.name : String(status)) : undefined;
    const span = this.span;
    if (span !== undefined) {
      if (error !== undefined) span.recordException(error instanceof Error ? error : String(error));
      this.profile.endSpan(span, status, errorType);
      if (fault) span.setStatus({ code: this.api!.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
      span.end();
    }
    const instruments = this.instruments;
    if (instruments !== undefined) {
      this.profile.recordEnd(instruments, status, seconds, errorType, this.facts);
      const refusal = this.refusal;
      if (refusal === 'aborted') instruments.aborted.add(1, { transport: this.profile.transport });
      else if (refusal !== undefined) instruments.refused.add(1, { [ATTR.refusal]: refusal, transport: this.profile.transport });
    }
    if (this.log !== undefined) this.writeLine(status, seconds, fault);
  }

  private writeLine(status: number, seconds: number, fault: boolean): void {
    const log = this.log!;
    const spanContext = this.span?.spanContext();
    const facts = this.facts;
    log.write(
      {
        requestId: this.requestId,
        traceId: spanContext?.traceId,
        spanId: spanContext?.spanId,
        transport: this.profile.transport,
        method: facts.method,
        route: this.profile.route,
        path: facts.path,
        status,
        durationMs: Math.round(seconds * 1e6) / 1000,
        client: facts.client,
        userAgent: facts.userAgent,
        headers: log.withHeaders ? facts.headers?.() : undefined,
        refusal: this.refusal,
        reason: this.reason,
        err: this.error,
      },
      fault,
    );
  }
}
