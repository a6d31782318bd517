import { context, propagation } from '@opentelemetry/api';

/**
 * Writes the active trace context (`traceparent`, `tracestate`, baggage: whatever the registered
 * SDK's propagator writes) through `set`, so that a call the handler makes to another service
 * continues the request's trace. Does nothing when no SDK is registered.
 *
 * @example
 * const metadata = new Metadata();
 * propagateTraceContext((key, value) => metadata.set(key, value)); // a grpc-js call
 * propagateTraceContext((key, value) => headers.set(key, value));  // a fetch
 */
export function propagateTraceContext(set: (key: string, value: string) => void): void {
  propagation.inject(context.active(), set, setter);
}

const setter = { set: (carrier: (key: string, value: string) => void, key: string, value: string) => carrier(key, value) };
