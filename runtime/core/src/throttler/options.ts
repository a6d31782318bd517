import type { ThrottlerStorage } from './storage.js';

/** Name of a throttler declared without one. Its headers carry no suffix. */
export const DEFAULT_THROTTLER = 'default';

/**
 * One throttler: at most `limit` calls per caller and route in each window of `ttl` milliseconds.
 *
 * @example
 * { ttl: 60000, limit: 10 }                 // the `default` throttler: 10 a minute
 * { name: 'burst', ttl: 1000, limit: 3 }    // headers X-RateLimit-Limit-burst, …
 */
export interface ThrottlerOptions {
  /** Window length in milliseconds (a positive integer). */
  readonly ttl: number;
  /** Calls allowed per window (a positive integer). */
  readonly limit: number;
  /** Default `default`. Letters, digits, `_` and `-` (it becomes a header suffix). */
  readonly name?: string;
}

/**
 * Options of `ThrottlerModule.forRoot` besides the throttlers.
 *
 * @example
 * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }], { storage: new RedisThrottlerStorage(redis), trustProxy: false });
 * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }], { trustProxy: ['10.0.0.0/8'] }); // the load balancer's subnet
 */
export interface ThrottlerModuleOptions {
  /** Where counters live (default: a new `MemoryThrottlerStorage`, per process). */
  readonly storage?: ThrottlerStorage;
  /**
   * Which connections may say who the caller is through `X-Forwarded-For` and `X-Real-IP`
   * (HTTP only; on gRPC the caller is always the peer address).
   *
   * - `true` (default): proxies on loopback only (`DEFAULT_TRUSTED_PROXIES`; add
   *   `PRIVATE_NETWORKS` or, better, your proxies' own addresses to trust more). A call from such an address is counted for the client its
   *   `X-Forwarded-For` names: the rightmost address that is not itself a trusted proxy (the
   *   leftmost when all are), else its `X-Real-IP`, else the connection address. A call from any
   *   other address is counted for that address, whatever headers it sends.
   * - an array of addresses and CIDR ranges (`['10.0.0.0/8', '2001:db8::/32']`): trust exactly
   *   those. `[...DEFAULT_TRUSTED_PROXIES, '203.0.113.0/24']` adds a proxy outside the defaults.
   * - `false`: only the connection address counts.
   *
   * Why the rightmost: proxies such as nginx (`$proxy_add_x_forwarded_for`) and AWS ALB append the
   * address they received the call from and pass on what the client wrote, so the leftmost
   * address is the client's own choice. If your proxy runs on another host, list its addresses;
   * otherwise every caller is counted as the proxy. Any client that reaches the application
   * directly from a trusted address can pick its own key, so list only your proxies (see
   * docs/deployment.md for nginx, cloud load balancers and Kubernetes ingress).
   */
  readonly trustProxy?: boolean | readonly string[];
  /**
   * How many leading bits of an IPv6 address name one caller (default 56, from 1 to 128): every
   * address of a `/56` shares one quota, as IPv4 callers behind one address do. A caller holds a
   * whole IPv6 network (a /64 at least, commonly a /56), so counting each address apart would let
   * it pick a fresh address, and a fresh quota, for every call. `128` counts each address apart;
   * `64` groups less where each customer gets its own /64. IPv4 addresses are counted each apart.
   */
  readonly ipv6Subnet?: number;
}

/** A throttler after validation, with its name filled in. */
export interface ResolvedThrottler {
  readonly name: string;
  readonly ttl: number;
  readonly limit: number;
}

const validName = /^[A-Za-z0-9_-]+$/;

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/** `undefined` when `value` is a positive safe integer, else why not. */
function positiveIntegerProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? undefined : `got ${describe(value)}`;
}

/**
 * Checks `ttl` and `limit` of a throttler or of a `@Throttle` override; throws a TypeError that
 * names `where` and says what is expected.
 */
export function assertLimits(where: string, ttl: unknown, limit: unknown): void {
  const ttlProblem = positiveIntegerProblem(ttl);
  if (ttlProblem) throw new TypeError(`${where}.ttl must be a positive integer number of milliseconds (60000 is one minute); ${ttlProblem}.`);
  const limitProblem = positiveIntegerProblem(limit);
  if (limitProblem) throw new TypeError(`${where}.limit must be a positive integer count of calls per window; ${limitProblem}.`);
}

/**
 * Validates the throttler list of `ThrottlerModule.forRoot`: at least one, positive integer `ttl`
 * and `limit`, names that fit in a header, appear once and are not inherited object members
 * (`constructor`, `toString`, `__proto__`, …).
 *
 * @example
 * resolveThrottlers([{ ttl: 1000, limit: 3, name: 'burst' }]); // [{ name: 'burst', ttl: 1000, limit: 3 }]
 */
export function resolveThrottlers(throttlers: readonly ThrottlerOptions[]): readonly ResolvedThrottler[] {
  if (!Array.isArray(throttlers) || throttlers.length === 0) {
    throw new TypeError('ThrottlerModule.forRoot expects an array of at least one throttler, such as [{ ttl: 60000, limit: 10 }].');
  }
  const seen = new Set<string>();
  return throttlers.map((options, index) => {
    const where = `ThrottlerModule.forRoot: throttlers[${index}]`;
    if (typeof options !== 'object' || options === null) throw new TypeError(`${where} must be an object { ttl, limit, name? }; got ${describe(options)}.`);
    assertLimits(where, options.ttl, options.limit);
    const name = options.name ?? DEFAULT_THROTTLER;
    if (typeof name !== 'string' || !validName.test(name)) {
      throw new TypeError(`${where}.name must be letters, digits, '_' or '-' (it becomes a header suffix); got ${describe(name)}.`);
    }
    // `@Throttle({ constructor: … })` and the generated tables are object literals: a name every
    // object inherits (or `__proto__`, which a literal turns into the prototype) cannot be told apart there.
    if (name in Object.prototype) {
      throw new TypeError(
        `${where}.name '${name}' is reserved: every JavaScript object already has a member named '${name}', ` +
          `so an override such as @Throttle({ ${name}: { ttl, limit } }) could not be told from it. ` +
          `Choose another name, such as '${name.replace(/^_+|_+$/g, '') || 'limit'}-limit'.`,
      );
    }
    if (seen.has(name)) {
      const hint = name === DEFAULT_THROTTLER ? ' (a throttler without a name is named default)' : '';
      throw new TypeError(`${where}.name '${name}' is used by another throttler${hint}; give each throttler its own name.`);
    }
    seen.add(name);
    return { name, ttl: options.ttl, limit: options.limit };
  });
}
