import type { HandlerEntry } from '../contract/tables.js';
import type { ThrottlerConfig } from './throttler-config.js';
import { assertLimits, DEFAULT_THROTTLER } from './options.js';

/** One throttler as it applies to one route: limits and every string a call needs, built once. */
export interface ThrottleRule {
  readonly name: string;
  readonly ttl: number;
  readonly limit: number;
  /**
   * The storage key of a caller: `<name>:<route id>:` + tracker, the same string again for a run of
   * calls from one caller.
   */
  readonly keyOf: (tracker: string) => string;
  /** `String(limit)`, sent as is on every call. */
  readonly limitValue: string;
  readonly limitHeader: string;
  readonly remainingHeader: string;
  readonly resetHeader: string;
  /** The throttler's own `Retry-After-<name>`, sent next to `Retry-After` (undefined for `default`). */
  readonly namedRetryAfterHeader: string | undefined;
}

/** The throttlers a route is counted by, in declaration order; empty when all are skipped. */
export type RoutePlan = readonly ThrottleRule[];

/**
 * Builds a route's plan from the configuration and the route's build-time annotations:
 * `skipThrottle` (`'*'` or names) removes throttlers, `throttle` overrides `ttl`/`limit` per name
 * (the compiler already merged handler over class). Called once per route id.
 *
 * @example
 * planRoute(config, { id: 3, name: 'AuthController.login', annotations: { throttle: { default: { ttl: 60000, limit: 5 } } }, … })
 * // [{ name: 'default', ttl: 60000, limit: 5, keyOf: (tracker) => 'default:3:' + tracker, limitHeader: 'x-ratelimit-limit', … }]
 */
export function planRoute(config: ThrottlerConfig, route: HandlerEntry): RoutePlan {
  const { throttle = {}, skipThrottle = [] } = route.annotations;
  if (skipThrottle.includes('*')) return [];
  for (const name of Object.keys(throttle)) {
    if (!config.throttler(name)) {
      // framework-build reports this; hand-written tables reach here.
      throw new TypeError(
        `@Throttle on ${route.name} overrides throttler '${name}', which ThrottlerModule.forRoot does not declare ` +
          `(declared: ${config.throttlers.map((t) => t.name).join(', ')}).`,
      );
    }
  }
  return config.throttlers
    .filter((throttler) => !skipThrottle.includes(throttler.name))
    .map((throttler) => {
      // Own members only: annotations are object literals, which inherit `constructor` and the like.
      const override = Object.hasOwn(throttle, throttler.name) ? throttle[throttler.name] : undefined;
      if (override) assertLimits(`@Throttle on ${route.name}: ${throttler.name}`, override.ttl, override.limit);
      const ttl = override?.ttl ?? throttler.ttl;
      const limit = override?.limit ?? throttler.limit;
      // Lower-case, as the guard sets them unchecked (the names are checked when the module is configured).
      const suffix = throttler.name === DEFAULT_THROTTLER ? '' : `-${throttler.name.toLowerCase()}`;
      return {
        name: throttler.name,
        ttl,
        limit,
        keyOf: counterKeyOf(`${throttler.name}:${route.id}:`),
        limitValue: String(limit),
        limitHeader: `x-ratelimit-limit${suffix}`,
        remainingHeader: `x-ratelimit-remaining${suffix}`,
        resetHeader: `x-ratelimit-reset${suffix}`,
        namedRetryAfterHeader: suffix ? `retry-after${suffix}` : undefined,
      };
    });
}

/**
 * The storage keys of one rule. Calls come in runs from the same caller (one proxy, one client), so
 * the last key is kept: the same string object again is a map key whose hash is known, where a new
 * concatenation would be flattened and hashed on every call.
 */
function counterKeyOf(prefix: string): (tracker: string) => string {
  let lastTracker = '';
  let lastKey = prefix;
  return (tracker) => {
    if (tracker !== lastTracker) {
      lastKey = prefix + tracker;
      lastTracker = tracker;
    }
    return lastKey;
  };
}
