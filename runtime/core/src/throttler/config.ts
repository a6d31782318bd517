import { MemoryThrottlerStorage } from './memory-storage.js';
import { resolveThrottlers, type ResolvedThrottler, type ThrottlerOptions } from './options.js';
import type { ThrottlerStorage } from './storage.js';

/**
 * The validated configuration `ThrottlerModule.forRoot` provides to the application. It is the
 * DI token of `ThrottlerGuard`'s constructor parameter (and of any subclass that inherits it).
 *
 * @example
 * const config = new ThrottlerConfig([{ ttl: 60000, limit: 10 }]);
 * const guard = new ThrottlerGuard(config); // what the generated tables do
 */
export class ThrottlerConfig {
  /** The throttlers in declaration order, names filled in (`default` for an unnamed one). */
  readonly throttlers: readonly ResolvedThrottler[];
  /** Where counters live. */
  readonly storage: ThrottlerStorage;
  /** Whether proxy headers identify the caller; see `ThrottlerModuleOptions.trustProxy`. */
  readonly trustProxy: boolean;

  constructor(
    throttlers: readonly ThrottlerOptions[],
    storage: ThrottlerStorage = new MemoryThrottlerStorage(),
    options: { readonly trustProxy?: boolean } = {},
  ) {
    this.throttlers = resolveThrottlers(throttlers);
    if (typeof storage !== 'object' || storage === null || typeof storage.increment !== 'function') {
      throw new TypeError('ThrottlerModule.forRoot: the storage must implement ThrottlerStorage (an increment(key, ttlMs) method).');
    }
    this.storage = storage;
    this.trustProxy = options.trustProxy ?? true;
  }

  /** The throttler named `name`, if declared. */
  throttler(name: string): ResolvedThrottler | undefined {
    return this.throttlers.find((throttler) => throttler.name === name);
  }
}
