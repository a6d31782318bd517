/**
 * What `@opentelemetry/api` 1.x keeps on `globalThis` once an SDK registers its providers: read
 * without loading the API, so that an application with no SDK never loads it.
 */
export interface RegisteredApi {
  readonly trace?: unknown;
  readonly metrics?: unknown;
  readonly context?: { active(): unknown };
  readonly propagation?: { inject(context: unknown, carrier: unknown, setter: unknown): void };
}

// Every 1.x copy of the API registers under this key (its major version), whichever copy loaded first.
const REGISTRY_KEY = Symbol.for('opentelemetry.js.api.1');

/**
 * The providers an OpenTelemetry SDK registered, or `undefined` when none did.
 *
 * @example
 * const sdkRegistered = registeredApi()?.trace !== undefined; // after `new NodeSDK(...).start()`
 */
export function registeredApi(): RegisteredApi | undefined {
  return (globalThis as Record<symbol, RegisteredApi | undefined>)[REGISTRY_KEY];
}
