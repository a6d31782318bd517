import { ValueType, type Counter, type Histogram, type Meter, type UpDownCounter } from '@opentelemetry/api';
import { DURATION_BUCKETS_SECONDS } from './semantic.js';

/** Why the framework refused a request before (or instead of) its handler. */
export type RefusalKind = 'guard' | 'throttler' | 'validation' | 'body_too_large';

/**
 * The metric instruments of one application, created once at `init` on the registered meter:
 * the HTTP and RPC server conventions' instruments and the framework's own counters.
 *
 * @example
 * const instruments = new Instruments(meter);
 * instruments.httpDuration.record(0.012, attributes);
 */
export class Instruments {
  readonly httpDuration: Histogram;
  readonly httpActive: UpDownCounter;
  readonly rpcDuration: Histogram;
  /** Requests the framework answered without running the handler, by `framework.refusal`. */
  readonly refused: Counter;
  /** Clients that went away before their answer (mid-body, or a cancelled gRPC call). */
  readonly aborted: Counter;
  /** Connections `close()` closed while draining (their requests were answered with `Connection: close`). */
  readonly drained: Counter;

  constructor(meter: Meter) {
    const advice = { explicitBucketBoundaries: [...DURATION_BUCKETS_SECONDS] };
    this.httpDuration = meter.createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests.',
      unit: 's',
      advice,
    });
    this.httpActive = meter.createUpDownCounter('http.server.active_requests', {
      description: 'Number of active HTTP server requests.',
      unit: '{request}',
      valueType: ValueType.INT,
    });
    this.rpcDuration = meter.createHistogram('rpc.server.call.duration', {
      description: 'Duration of RPCs served, from the first byte received to the status sent.',
      unit: 's',
      advice,
    });
    this.refused = meter.createCounter('framework.server.requests.refused', {
      description: 'Requests and calls refused before their handler: by a guard, the throttler, body validation, or a body over the limit.',
      unit: '{request}',
      valueType: ValueType.INT,
    });
    this.aborted = meter.createCounter('framework.server.requests.aborted', {
      description: 'Requests and calls whose client went away before the answer.',
      unit: '{request}',
      valueType: ValueType.INT,
    });
    this.drained = meter.createCounter('framework.server.connections.drained', {
      description: 'Connections closed by a graceful shutdown.',
      unit: '{connection}',
      valueType: ValueType.INT,
    });
  }
}
