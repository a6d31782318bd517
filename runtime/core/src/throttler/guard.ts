import type { RouteAwareGuard } from '../chain/contracts.js';
import { isThenable } from '../types/thenable.js';
import type { ExecutionContext } from '../contract/execution-context.js';
import { ThrottlerException } from '../exceptions/request-exceptions.js';
import type { HandlerEntry } from '../contract/tables.js';
import type { ThrottlerConfig } from './throttler-config.js';
import { planRoute, type RoutePlan, type ThrottleRule } from './route-plan.js';
import type { ThrottlerRecord, ThrottlerStorage } from './storage.js';
import { addressOf } from '../network/client-address.js';
import { setOwnHeader, type OwnHeaderSetter } from '../contract/own-header.js';
import { DEFAULT_IPV6_SUBNET, ipv6Grouping } from './ipv6-subnet.js';
import { countOnceFor, type CountOnce } from './count-once.js';

/**
 * Limits calls per caller and route with the throttlers of `ThrottlerModule.forRoot`, over HTTP
 * and gRPC alike.
 *
 * Each throttler counts in fixed windows: a caller's first call on a route opens a window of
 * `ttl` ms; calls in it are counted; call number `limit + 1` and later, until the window ends,
 * are refused with a ThrottlerException (429; RESOURCE_EXHAUSTED on gRPC). The next call after the
 * end opens a new window. Refused calls count too but never extend the window.
 *
 * Every counted call carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`
 * (whole seconds until the window ends, rounded up); a refusal adds `Retry-After` (seconds). A
 * throttler other than `default` suffixes its headers with `-<name>` (and also sends
 * `Retry-After-<name>`). On gRPC they are response metadata. Routes that skip every throttler
 * carry none.
 *
 * Subclass it to stack authentication: call `super.canActivate(context)` first (it throws when
 * over the limit), then decide. The subclass inherits the constructor, so the configuration is
 * injected. Override `getTracker` to count by something else than the address.
 *
 * @example
 * @Module({
 *   imports: [ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }])],
 *   injectables: [{ useClass: AuthThrottlerGuard, token: GLOBAL_GUARD }],
 * })
 * export class AppModule {}
 *
 * // Throttle first (public routes stay throttled), then verify the bearer token, on HTTP and gRPC.
 * export class AuthThrottlerGuard extends ThrottlerGuard {
 *   constructor(config: ThrottlerConfig, private readonly jwt: JwtService) {
 *     super(config);
 *   }
 *
 *   override async canActivate(context: ExecutionContext): Promise<boolean> {
 *     await super.canActivate(context); // throws ThrottlerException (429) over the limit
 *     return isPublicRoute(context) || authenticateBearer(this.jwt, context);
 *   }
 *
 *   // Count per API key when one is sent (HTTP header or gRPC metadata), else per address.
 *   protected override getTracker(context: ExecutionContext): string | Promise<string> {
 *     const key = context.grpcMetadata ? context.grpcMetadata.get('x-api-key')[0] : context.req.header('x-api-key');
 *     return key === undefined ? super.getTracker(context) : String(key);
 *   }
 * }
 */
export class ThrottlerGuard implements RouteAwareGuard {
  /**
   * Plans by compiler-assigned route id (small integers from 0, hence an array), built at init by
   * `prepareRoute`. A route whose plan cannot be built holds the error instead: hand-written tables
   * with a wrong `@Throttle` override fail that route's calls, not the start of the whole
   * application (framework-build reports it).
   */
  private readonly throttlerRoutePlans: (RoutePlan | Error | undefined)[] = [];
  /** An address as a caller key: an IPv6 address stands for its network (`ipv6Subnet`). */
  private readonly throttlerCallerOf: (address: string) => string;
  /** The routes other guards of this configuration count too, so that a call is counted once. */
  private readonly throttlerCountOnce: CountOnce;

  /**
   * @param throttlerConfig what `ThrottlerModule.forRoot` provides; injected by its class token.
   * (A specific member name, so a subclass's own `config` does not collide with it.)
   */
  constructor(protected readonly throttlerConfig: ThrottlerConfig) {
    // Structural, not instanceof: a second copy of the package must not break the check.
    const config = throttlerConfig as Partial<ThrottlerConfig> | undefined;
    if (typeof config !== 'object' || config === null || !Array.isArray(config.throttlers) || typeof config.storage?.increment !== 'function') {
      throw new TypeError(
        `${new.target.name} needs the ThrottlerConfig provided by ThrottlerModule.forRoot(...): import it in a module of the application.`,
      );
    }
    this.throttlerCallerOf = ipv6Grouping(config.ipv6Subnet ?? DEFAULT_IPV6_SUBNET);
    this.throttlerCountOnce = countOnceFor(throttlerConfig);
  }

  /** Builds the route's plan (which throttlers count it, with what limits and header names) once, at init. */
  prepareRoute(route: HandlerEntry): void {
    let plan: RoutePlan | Error;
    try {
      plan = planRoute(this.throttlerConfig, route);
    } catch (error) {
      plan = error instanceof Error ? error : new Error(String(error));
    }
    this.throttlerRoutePlans[route.id] = plan;
    this.throttlerCountOnce.claim(route.id, this);
  }

  /**
   * Counts the call against every throttler of its route. Returns `true`, synchronously when the
   * storage and `getTracker` answer synchronously; throws (or rejects with) a ThrottlerException
   * when a limit is exceeded. A call that another guard of the same configuration has counted
   * (the global `ThrottlerGuard` and a `@UseGuard(ThrottlerGuard)` on one route) is not counted again.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const route = context.getRoute();
    let plan = this.throttlerRoutePlans[route.id];
    if (plan === undefined) {
      // Not prepared at init: a request-scoped subclass, or a guard called by hand.
      this.prepareRoute(route);
      plan = this.throttlerRoutePlans[route.id]!;
    }
    if (plan instanceof Error) throw plan;
    if (plan.length === 0 || this.throttlerCountOnce.countedBefore(route.id, context)) return true;
    const tracker = this.getTracker(context);
    const storage = this.throttlerConfig.storage;
    if (typeof tracker === 'string') return countHits(storage, plan, 0, tracker, context);
    const routePlan = plan;
    return Promise.resolve(tracker).then((resolved) => countHits(storage, routePlan, 0, String(resolved), context));
  }

  /**
   * The caller's key: by default its address (see `ThrottlerModuleOptions.trustProxy` for which
   * headers are believed), an IPv6 address standing for its network (`ipv6Subnet`, a /56 by
   * default, written `2001:db8:1:0::/56`). Override to count per API key, user or tenant.
   *
   * @example
   * protected override getTracker(context: ExecutionContext): string | Promise<string> {
   *   const key = context.grpcMetadata ? context.grpcMetadata.get('x-api-key')[0] : context.req.header('x-api-key');
   *   return key === undefined ? super.getTracker(context) : `key:${String(key)}`;
   * }
   */
  protected getTracker(context: ExecutionContext): string | Promise<string> {
    return this.throttlerCallerOf(addressOf(context, this.throttlerConfig.trustedProxies));
  }
}

/**
 * Counts the call against `plan[start…]` in order and stops at the first refusal. Stays
 * synchronous while the storage answers synchronously. (A function, not a private method, so a
 * subclass can name its own members freely.)
 */
function countHits(storage: ThrottlerStorage, plan: RoutePlan, start: number, tracker: string, context: ExecutionContext): boolean | Promise<boolean> {
  for (let i = start; i < plan.length; i++) {
    const rule = plan[i]!;
    const record = storage.increment(rule.keyOf(tracker), rule.ttl);
    if (isThenable(record)) {
      return Promise.resolve(record).then((resolved) => {
        applyRecord(rule, resolved, context);
        return countHits(storage, plan, i + 1, tracker, context);
      });
    }
    applyRecord(rule, record, context);
  }
  return true;
}

/** Sets the rule's headers for this call and throws when it is over the limit. */
function applyRecord(rule: ThrottleRule, record: ThrottlerRecord, context: ExecutionContext): void {
  const hits = record.totalHits;
  if (hits === 0) return; // not counted (a storage failing open): allow, claim nothing
  const reset = String(Math.ceil(record.timeToExpireMs / 1000));
  setHeader(context, rule.limitHeader, rule.limitValue);
  setHeader(context, rule.remainingHeader, hits >= rule.limit ? '0' : String(rule.limit - hits));
  setHeader(context, rule.resetHeader, reset);
  if (hits > rule.limit) {
    setHeader(context, 'retry-after', reset);
    if (rule.namedRetryAfterHeader !== undefined) setHeader(context, rule.namedRetryAfterHeader, reset);
    throw new ThrottlerException();
  }
}

/** Sets one of the guard's headers (lower-case names, digits): unchecked where the call takes it so. */
function setHeader(context: ExecutionContext, lowerCaseName: string, value: string): void {
  const own = (context as Partial<OwnHeaderSetter>)[setOwnHeader];
  if (own === undefined) context.setResponseHeader(lowerCaseName, value);
  else own.call(context, lowerCaseName, value);
}
