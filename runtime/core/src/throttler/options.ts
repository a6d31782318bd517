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
 */
export interface ThrottlerModuleOptions {
  /** Where counters live (default: a new `MemoryThrottlerStorage`, per process). */
  readonly storage?: ThrottlerStorage;
  /**
   * Whether the caller's address is read from `X-Forwarded-For` (first address), then
   * `X-Real-IP`, before the connection address (on gRPC: the same metadata keys before the
   * peer address). Default `true`, as the specification describes.
   *
   * SECURITY: these headers are written by the client unless a proxy you run overwrites them.
   * With `true` and no such proxy in front, any client can send a fresh `X-Forwarded-For` on
   * every call and never be limited. Set `false` when the application is reachable directly; then
   * only the connection address counts.
   */
  readonly trustProxy?: boolean;
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
 * and `limit`, names that fit in a header and appear once.
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
    if (seen.has(name)) {
      const hint = name === DEFAULT_THROTTLER ? ' (a throttler without a name is named default)' : '';
      throw new TypeError(`${where}.name '${name}' is used by another throttler${hint}; give each throttler its own name.`);
    }
    seen.add(name);
    return { name, ttl: options.ttl, limit: options.limit };
  });
}
