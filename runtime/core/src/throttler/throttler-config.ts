import { MemoryThrottlerStorage } from './memory-storage.js';
import { resolveThrottlers, type ResolvedThrottler, type ThrottlerModuleOptions, type ThrottlerOptions } from './options.js';
import type { ThrottlerStorage } from './storage.js';
import { DEFAULT_TRUSTED_PROXIES, TrustedProxies } from '../network/trusted-proxies.js';
import { ipv6SubnetOf } from './ipv6-subnet.js';

/** The proxies a `trustProxy` option value trusts (`undefined`: none; headers are never read). */
function trustedProxiesOf(trustProxy: unknown): TrustedProxies | undefined {
  const where = 'ThrottlerModule.forRoot: trustProxy';
  if (trustProxy === false) return undefined;
  if (trustProxy === true) return new TrustedProxies(DEFAULT_TRUSTED_PROXIES, where);
  if (Array.isArray(trustProxy)) return trustProxy.length === 0 ? undefined : new TrustedProxies(trustProxy, where);
  throw new TypeError(
    `${where} must be true (trust proxies on loopback), false (trust none) or an array of ` +
      `addresses and CIDR ranges such as ['10.0.0.0/8']; got ${typeof trustProxy === 'string' ? `'${trustProxy}'` : String(trustProxy)}.`,
  );
}

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
  /** The `trustProxy` option as given (default `true`); see `ThrottlerModuleOptions.trustProxy`. */
  readonly trustProxy: boolean | readonly string[];
  /** The proxies whose forwarding headers are believed; `undefined` when none are. */
  readonly trustedProxies: TrustedProxies | undefined;
  /** Leading bits of an IPv6 address that name one caller (default 56); see `ThrottlerModuleOptions.ipv6Subnet`. */
  readonly ipv6Subnet: number;

  constructor(
    throttlers: readonly ThrottlerOptions[],
    storage: ThrottlerStorage = new MemoryThrottlerStorage(),
    options: Pick<ThrottlerModuleOptions, 'trustProxy' | 'ipv6Subnet'> = {},
  ) {
    this.throttlers = resolveThrottlers(throttlers);
    if (typeof storage !== 'object' || storage === null || typeof storage.increment !== 'function') {
      throw new TypeError('ThrottlerModule.forRoot: the storage must implement ThrottlerStorage (an increment(key, ttlMs) method).');
    }
    this.storage = storage;
    this.trustProxy = options.trustProxy ?? true;
    this.trustedProxies = trustedProxiesOf(this.trustProxy);
    this.ipv6Subnet = ipv6SubnetOf(options.ipv6Subnet);
  }

  /** The throttler named `name`, if declared. */
  throttler(name: string): ResolvedThrottler | undefined {
    return this.throttlers.find((throttler) => throttler.name === name);
  }
}
