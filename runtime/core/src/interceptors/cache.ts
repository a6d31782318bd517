import type { RouteAwareInterceptor, RouteFacts } from '../chain/contracts.js';
import type { ExecutionContext } from '../contract/execution-context.js';
import { SetMetadata } from '../metadata.js';
import type { HandlerEntry } from '../contract/tables.js';
import type { Class } from '../types/class.js';
import { cacheKeyOf, cachePlanOf, type CachePlan } from './cache-plan.js';
import { keepsToCaller, watchMiss } from './cache-miss-watch.js';
import { MemoryCacheStore, type CacheStore } from './cache-store.js';
import { positiveMs } from './route-setting.js';
import { isWebResponse } from '../types/web-response.js';
import { withDeadline } from '../timing/deadline.js';

const CACHE_TTL_KEY = Symbol('cacheTtl');

/**
 * How long the `CacheInterceptor` keeps the answers of one handler, or of every handler of a
 * controller (handler over controller, both over the interceptor's default). Read once at init.
 *
 * @example
 * @CacheTTL(60_000) @Get('/countries') countries() { return this.geo.countries(); }
 */
export const CacheTTL = (ms: number): ClassDecorator & MethodDecorator => SetMetadata(CACHE_TTL_KEY, positiveMs(ms, '@CacheTTL(ms)'));

export interface CacheOptions {
  /** How long an answer is kept, in milliseconds, on routes without `@CacheTTL` (default 5000). */
  readonly ttl?: number;
  /**
   * Where answers are kept: a `MemoryCacheStore` of 16 MiB by default (this process only); a
   * `RedisCacheStore` shares them between the instances of an application.
   */
  readonly store?: CacheStore;
}

/** A plan for a route init did not prepare (a request-scoped interceptor): guarded, to be safe. */
const unpreparedFacts: RouteFacts = { guarded: true };

/**
 * Answers an HTTP GET from the cache while an earlier answer for the same key is fresh, without
 * running the handler. An answer is shared only between callers it cannot differ for:
 *
 * - an authenticated caller (verified claims, `claimsOf`) gets only answers kept for its own
 *   principal (`sub`); credentials the guards did not turn into claims (`Authorization`,
 *   `Cookie`, `X-API-Key`, … `WELL_KNOWN_CREDENTIAL_HEADERS`) are never answered from the cache;
 * - a route behind guards or middleware is shared between callers without claims only when it says what its
 *   answer varies by (`@CacheVary(...)`; `@CacheVary()`: nothing);
 * - without `@CacheVary`, an answer whose handler takes a request header (`@Header`) is not kept
 *   (one reading headers through `@Req()` must declare `@CacheVary`), nor, ever, one for which the
 *   handler set `Cache-Control: no-store`, `private` or `no-cache`.
 *
 * Calls that arrive while the first one for a key runs wait for it in this process, up to the
 * route's ttl, and get its answer only if it may be kept (else each runs the handler itself, as
 * it does once the ttl has passed); a failure reaches them on the same terms, and is never kept.
 * An answer that sets or clears a cookie is the caller's alone, and one that redirected is not
 * kept. Middleware counts as a guard: it may have read the caller. Only JSON values are kept: a
 * `Response` returned by the handler is sent as is, and headers the handler set are not replayed
 * on a hit. gRPC calls and other methods are not cached. A store that fails (Redis down) is a
 * miss, never an error.
 *
 * @example
 * app.useGlobalInterceptors(new CacheInterceptor({ ttl: 10_000 }));
 * // or on some routes, with the defaults, @CacheTTL(ms) and @CacheVary(...):
 * @UseInterceptors(CacheInterceptor) @CacheVary() @Get('/countries') countries() {}
 */
export class CacheInterceptor implements RouteAwareInterceptor {
  private readonly ttl: number;
  readonly store: CacheStore;
  private readonly plans = new Map<HandlerEntry, CachePlan>();
  /**
   * Misses being answered now, by key: concurrent calls for the same key wait for the one run,
   * and take its answer only if it turned out shareable (else each runs its own handler).
   */
  private readonly pending = new Map<string, Promise<Settled>>();

  constructor(options: CacheOptions = {}) {
    this.ttl = positiveMs(options.ttl ?? 5000, 'CacheInterceptor: `ttl`');
    this.store = options.store ?? new MemoryCacheStore();
  }

  prepareRoute(route: HandlerEntry, controller: Class, facts: RouteFacts = unpreparedFacts): void {
    this.plans.set(route, cachePlanOf(route, controller, CACHE_TTL_KEY, facts));
  }

  intercept(context: ExecutionContext, next: () => Promise<unknown>): unknown {
    const route = context.getRoute();
    let plan = this.plans.get(route);
    if (plan === undefined) {
      this.prepareRoute(route, context.getClass());
      plan = this.plans.get(route)!;
    }
    const key = cacheKeyOf(context, plan);
    if (key === undefined) return next();
    const running = this.pending.get(key);
    // The running miss's answer or failure reaches its waiters only when it may be shared, and
    // only within the ttl: a miss stuck on its own (one hung connection) must not hold every
    // later caller of the key, which would run the handler themselves without the cache.
    if (running) {
      return withDeadline(running, plan.ttl ?? this.ttl, () => undefined).then(
        (settled) => (settled.shared ? outcomeOf(settled) : next()),
        () => next(),
      );
    }
    const kept = this.store.get(key);
    if (kept !== undefined && !(kept instanceof Promise)) return kept;
    const settled = Promise.resolve(kept)
      .catch(() => undefined)
      .then((found): Settled | Promise<Settled> => (found !== undefined ? { value: found, shared: true } : this.answerMiss(context, plan, key, next)))
      .finally(() => this.pending.delete(key));
    this.pending.set(key, settled);
    return settled.then(outcomeOf);
  }

  /** Runs the handler and keeps its answer when nothing says it must not be shared. */
  private answerMiss(context: ExecutionContext, plan: CachePlan, key: string, next: () => Promise<unknown>): Promise<Settled> {
    const watch = watchMiss(context, plan.vary === undefined);
    const failed = (error: unknown): Settled => ({ error, failed: true, shared: !keepsToCaller(watch) });
    return next().then((value): Settled | Promise<Settled> => {
      if (value === undefined || isWebResponse(value) || keepsToCaller(watch)) return { value, shared: false };
      const text = jsonOf(value);
      if (text === undefined) return { value, shared: false };
      const shared: Settled = { value, shared: true };
      // Answered once kept, so a caller's next request finds it on any instance sharing the store;
      // a failing store (logged by itself, bounded by its timeout) only costs the keeping.
      return Promise.resolve()
        .then(() => this.store.set(key, value, text, plan.ttl ?? this.ttl))
        .then(
          () => shared,
          () => shared,
        );
    }, failed);
  }

  /** Forgets every kept answer (after a write that changes what GETs answer). */
  clear(): Promise<void> {
    return Promise.resolve(this.store.clear());
  }
}

/** A miss's answer or failure, and whether the callers waiting for it may have it too. */
interface Settled {
  readonly value?: unknown;
  readonly error?: unknown;
  readonly failed?: boolean;
  readonly shared: boolean;
}

const outcomeOf = (settled: Settled): unknown => (settled.failed ? Promise.reject(settled.error) : settled.value);

/** The JSON text of an answer, or `undefined` for one JSON cannot carry (a BigInt, a cycle). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
