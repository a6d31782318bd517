import type { RouteAwareInterceptor } from '../chain/contracts.js';
import type { ExecutionContext } from '../chain/execution-context.js';
import { SetMetadata } from '../metadata.js';
import type { HandlerEntry } from '../tables.js';
import type { Class } from '../types/class.js';
import { BoundedStore } from './bounded-store.js';
import { positiveMs, RouteSetting } from './route-setting.js';

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
  /** Most answers kept at once (default 1000); the least recently used gives way. */
  readonly maxEntries?: number;
  /**
   * The cache key of a call, or `undefined` to not cache it. Default: the URL of an HTTP GET
   * without `Authorization` or `Cookie` header (answers for one user must not reach another);
   * gRPC calls and other methods are not cached.
   */
  readonly key?: (context: ExecutionContext) => string | undefined;
}

/** The default key: the full URL of a GET that carries no credentials. */
function urlOfAnonymousGet(context: ExecutionContext): string | undefined {
  if (context.transport !== 'http') return undefined;
  const req = context.req;
  if (req.method !== 'GET' || req.header('authorization') !== undefined || req.header('cookie') !== undefined) return undefined;
  return req.url;
}

/**
 * Answers a GET from memory while a previous answer for the same URL is fresh, without running
 * the handler; calls that arrive while the first one for a URL runs wait for its answer (a
 * failure reaches them all, and is not kept). The store is bounded (`maxEntries`, least recently used out). Only values are
 * kept: a `Response` returned by the handler is sent as is and not cached, and headers the handler
 * set are not replayed on a hit.
 *
 * @example
 * app.useGlobalInterceptors(new CacheInterceptor({ ttl: 10_000, maxEntries: 500 }));
 * // or on some routes, with the defaults or @CacheTTL(ms):
 * @UseInterceptors(CacheInterceptor) @Get('/countries') countries() {}
 */
export class CacheInterceptor implements RouteAwareInterceptor {
  private readonly ttl: number;
  private readonly store: BoundedStore<unknown>;
  private readonly keyOf: (context: ExecutionContext) => string | undefined;
  private readonly ttls = new RouteSetting(CACHE_TTL_KEY);
  /** Misses being answered now, by key: concurrent calls for the same URL wait for the one run. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(options: CacheOptions = {}) {
    this.ttl = positiveMs(options.ttl ?? 5000, 'CacheInterceptor: `ttl`');
    this.store = new BoundedStore(options.maxEntries ?? 1000);
    this.keyOf = options.key ?? urlOfAnonymousGet;
  }

  /** How many answers are kept now (never more than `maxEntries`). */
  get size(): number {
    return this.store.size;
  }

  prepareRoute(route: HandlerEntry, controller: Class): void {
    this.ttls.prepare(route, controller);
  }

  intercept(context: ExecutionContext, next: () => Promise<unknown>): unknown {
    const key = this.keyOf(context);
    if (key === undefined) return next();
    const cached = this.store.get(key, Date.now());
    if (cached !== undefined) return cached;
    const running = this.pending.get(key);
    if (running) return running;
    const ttl = this.ttls.of(context.getRoute(), context.getClass()) ?? this.ttl;
    const answer = next()
      .then((value) => {
        if (value !== undefined && !(value instanceof Response)) this.store.set(key, value, ttl, Date.now());
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, answer);
    return answer;
  }

  /** Forgets every kept answer (after a write that changes what GETs answer). */
  clear(): void {
    this.store.clear();
  }
}
