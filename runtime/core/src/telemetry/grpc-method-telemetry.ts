import type { Attributes, Span, TextMapGetter } from '@opentelemetry/api';
import { CallObservation, type CallLogFacts, type RouteProfile } from './call-observation.js';
import type { Instruments } from './instruments.js';
import type { TelemetryCore } from './telemetry-core.js';
import { ATTR } from './semantic.js';

/** The table facts of one gRPC method that name its telemetry. */
export interface GrpcMethodRoute {
  /** The fully qualified service, `todo.TodoService`. */
  readonly service: string;
  /** The RPC's name, `GetTodo`. */
  readonly rpc: string;
}

/** What only the gRPC transport knows of a call, handed to `GrpcMethodTelemetry.begin`. */
export interface GrpcCallFacts {
  /** The peer's address, without its port. */
  readonly remoteAddress: string;
  /** Every value of one metadata key (text keys), for propagation and the request id. */
  metadataValues(key: string): readonly string[];
  metadataKeys(): readonly string[];
}

const metadataGetter: TextMapGetter<GrpcCallFacts> = {
  get: (facts, key) => {
    const values = facts.metadataValues(key);
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : [...values];
  },
  keys: (facts) => [...facts.metadataKeys()],
};

/** The statuses the RPC conventions count as server faults (span status ERROR, `error.type`). */
const FAULT_CODES = new Set([2, 4, 12, 13, 14, 15]);

/**
 * One gRPC method's telemetry, prepared at `init`: the span name `{package.Service}/{Method}`,
 * the RPC attributes, and the duration's attributes per status code.
 *
 * @example
 * const telemetry = observability.grpcMethod({ service: 'todo.TodoService', rpc: 'GetTodo' });
 */
export class GrpcMethodTelemetry implements RouteProfile {
  readonly transport = 'grpc' as const;
  readonly route: string;
  private readonly baseAttributes: Attributes;
  private readonly durationAttributes = new Map<number, Attributes>();

  constructor(
    private readonly core: TelemetryCore,
    private readonly method: GrpcMethodRoute,
  ) {
    this.route = `${method.service}/${method.rpc}`;
    this.baseAttributes = Object.freeze({ [ATTR.rpcSystem]: 'grpc', [ATTR.rpcService]: method.service, [ATTR.rpcMethod]: method.rpc });
  }

  /** Starts observing one call: its request id, its span in the caller's trace. */
  begin(facts: GrpcCallFacts): CallObservation {
    const core = this.core;
    const trusted = core.trusted !== undefined && core.trusted.contains(facts.remoteAddress);
    const requestId = core.requestId(trusted ? facts.metadataValues('x-request-id')[0] : undefined);
    const userAgent = facts.metadataValues('user-agent')[0];
    let span: Span | undefined;
    let spanContext;
    if (core.tracer !== undefined) {
      const api = core.api!;
      const parent = api.propagation.extract(api.ROOT_CONTEXT, facts, metadataGetter);
      const attributes: Attributes = { ...this.baseAttributes, [ATTR.clientAddress]: facts.remoteAddress, [ATTR.requestId]: requestId };
      if (userAgent !== undefined) attributes[ATTR.userAgent] = userAgent;
      span = core.tracer.startSpan(this.route, { kind: api.SpanKind.SERVER, attributes }, parent);
      spanContext = api.trace.setSpan(parent, span);
    }
    const logFacts: CallLogFacts = {
      method: this.method.rpc,
      client: facts.remoteAddress,
      userAgent,
      scheme: '',
      headers: () => Object.fromEntries(facts.metadataKeys().map((key) => [key, facts.metadataValues(key).join(', ')])),
    };
    return new CallObservation(this, requestId, logFacts, span, spanContext, core.instruments, core.log, core.api);
  }

  endSpan(span: Span, status: number, errorType: string | undefined): void {
    span.setAttribute(ATTR.rpcGrpcStatus, status);
    if (errorType !== undefined) span.setAttribute(ATTR.errorType, errorType);
  }

  recordEnd(instruments: Instruments, status: number, seconds: number): void {
    let attributes = this.durationAttributes.get(status);
    if (attributes === undefined) {
      attributes = Object.freeze({ ...this.baseAttributes, [ATTR.rpcGrpcStatus]: status });
      this.durationAttributes.set(status, attributes);
    }
    instruments.rpcDuration.record(seconds, attributes);
  }

  isFault(status: number): boolean {
    return FAULT_CODES.has(status);
  }
}
