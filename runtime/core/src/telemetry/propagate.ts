import { registeredApi } from './registered-api.js';

/**
 * Writes the active trace context (`traceparent`, `tracestate`, baggage: whatever the registered
 * SDK's propagator writes) through `set`, so that a call the handler makes to another service
 * continues the request's trace. Does nothing when no SDK is registered (and loads nothing).
 *
 * @example
 * const metadata = new Metadata();
 * propagateTraceContext((key, value) => metadata.set(key, value)); // a grpc-js call
 * propagateTraceContext((key, value) => headers.set(key, value));  // a fetch
 */
export function propagateTraceContext(set: (key: string, value: string) => void): void {
  const api = registeredApi();
  // What `propagation.inject(context.active(), …)` of the API does, through the registered providers.
  if (api?.propagation === undefined || api.context === undefined) return;
  api.propagation.inject(api.context.active(), set, setter);
}

const setter = { set: (carrier: (key: string, value: string) => void, key: string, value: string) => carrier(key, value) };
