import { createNoopMeter, metrics, ProxyTracerProvider, trace, type Meter, type Tracer } from '@opentelemetry/api';

/** The instrumentation scope the framework's spans and metrics are reported under. */
export const SCOPE_NAME = '@framework/core';

/**
 * The tracer of the registered SDK, or `undefined` when none is registered: `@opentelemetry/api`
 * then hands out a proxy whose spans record nothing, and the framework skips them altogether.
 * Decided once, at `init`: an SDK must be registered before `app.init()` (as every SDK's
 * documentation asks, so that its instrumentations patch modules before they load).
 *
 * @example
 * const tracer = liveTracer(); // undefined without `new NodeSDK(...).start()` before init
 */
export function liveTracer(version?: string): Tracer | undefined {
  const provider = trace.getTracerProvider();
  if (provider instanceof ProxyTracerProvider) return provider.getDelegateTracer(SCOPE_NAME, version);
  return provider.getTracer(SCOPE_NAME, version);
}

/** The meter of the registered SDK, or `undefined` when none is registered (see `liveTracer`). */
export function liveMeter(version?: string): Meter | undefined {
  const meter = metrics.getMeter(SCOPE_NAME, version);
  // The API's no-op meter is the one class it falls back to when no provider is registered.
  return meter.constructor === noopMeterClass ? undefined : meter;
}

const noopMeterClass = createNoopMeter().constructor;
