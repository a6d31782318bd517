/**
 * What the throttler guard asks of a counter store. Implement it to keep counters elsewhere
 * (a database, a cache) and pass the instance as the second argument of `ThrottlerModule.forRoot`.
 */

/**
 * The state of one key's window right after a hit.
 *
 * A storage may hand back the same object on every call (the memory storage does, to allocate
 * nothing per hit): read it at once, do not keep it.
 */
export interface ThrottlerRecord {
  /**
   * Hits counted in the current window, this one included (so at least 1).
   * `0` means the storage could not count the hit and lets it through (a Redis storage failing
   * open): the guard allows the call and sends no rate-limit headers for it.
   */
  readonly totalHits: number;
  /** Milliseconds until the current window ends and the count starts again from zero. */
  readonly timeToExpireMs: number;
}

/**
 * A fixed-window hit counter shared by every route and throttler of an application.
 *
 * @example
 * // A storage that counts in a Map, synchronously (the guard does not await plain values).
 * class TinyStorage implements ThrottlerStorage {
 *   private readonly windows = new Map<string, { totalHits: number; endsAt: number }>();
 *   increment(key: string, ttlMs: number): ThrottlerRecord {
 *     const now = Date.now();
 *     let w = this.windows.get(key);
 *     if (!w || w.endsAt <= now) this.windows.set(key, (w = { totalHits: 0, endsAt: now + ttlMs }));
 *     w.totalHits++;
 *     return { totalHits: w.totalHits, timeToExpireMs: w.endsAt - now };
 *   }
 * }
 * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }], new TinyStorage());
 */
export interface ThrottlerStorage {
  /**
   * Counts one hit for `key` and returns the window's state.
   *
   * The first hit on a key (or the first after its window ended) opens a window of `ttlMs`
   * milliseconds; later hits only add to the count and never move the window's end. The same
   * key always comes with the same `ttlMs` (a key includes the throttler and the route).
   *
   * May answer synchronously (a plain value, which the guard uses without a promise) or with a
   * Promise. May throw or reject (for example with a `ServiceUnavailableException`) to refuse the
   * call; the error is answered like any error the guard throws.
   */
  increment(key: string, ttlMs: number): ThrottlerRecord | Promise<ThrottlerRecord>;
}
