import type { ThrottlerRecord, ThrottlerStorage } from './storage.js';

/** One key's window. Also the record handed back by `increment`, so a hit allocates nothing. */
interface Window {
  totalHits: number;
  timeToExpireMs: number;
  /** `Date.now()` at which the window ends. */
  endsAt: number;
}

/** Entries a hit examines while a sweep runs: about a millisecond at worst, even for huge maps. */
const sweepSlice = 1024;

export interface MemoryThrottlerStorageOptions {
  /**
   * How often, at most, a sweep of ended windows starts, in milliseconds (default 1000).
   * Sweeps run inside hits, a bounded slice per hit, never on a timer.
   */
  readonly sweepIntervalMs?: number;
  /** The clock, for tests (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * The default storage: counters in a `Map` of this process. Several processes or machines each
 * grant the full quota; use `RedisThrottlerStorage` to share one.
 *
 * Memory stays bounded by the callers active within about one window: a window that ended is
 * reused in place when its key comes back, and every `sweepIntervalMs` a sweep walks the map and
 * drops ended windows. The sweep is spread over the following hits, 1024 entries each (so
 * no single call pays for a large map); since a hit adds at most one key, a sweep always finishes.
 * There is no timer per key (and no timer at all), so nothing keeps the process alive; memory
 * left by callers who stopped is reclaimed as soon as hits arrive again.
 *
 * Answers synchronously: the guard uses the plain value without creating a promise.
 *
 * @example
 * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }], new MemoryThrottlerStorage({ sweepIntervalMs: 5000 }));
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly sweepIntervalMs: number;
  private readonly now: () => number;
  private nextSweepAt: number;
  /** The sweep in progress; a Map iterator stays valid while entries are added and deleted. */
  private sweepCursor: IterableIterator<[string, Window]> | undefined;

  constructor(options: MemoryThrottlerStorageOptions = {}) {
    this.sweepIntervalMs = options.sweepIntervalMs ?? 1000;
    if (!Number.isFinite(this.sweepIntervalMs) || this.sweepIntervalMs <= 0) {
      throw new TypeError(`MemoryThrottlerStorage: sweepIntervalMs must be a positive number of milliseconds (got ${String(options.sweepIntervalMs)}).`);
    }
    this.now = options.now ?? Date.now;
    this.nextSweepAt = this.now() + this.sweepIntervalMs;
  }

  /** Counts a hit; see `ThrottlerStorage.increment`. The returned object is reused: read it at once. */
  increment(key: string, ttlMs: number): ThrottlerRecord {
    const now = this.now();
    if (this.sweepCursor !== undefined || now >= this.nextSweepAt) this.sweepSlice(now);
    let window = this.windows.get(key);
    if (window === undefined) {
      window = { totalHits: 0, timeToExpireMs: 0, endsAt: now + ttlMs };
      this.windows.set(key, window);
    } else if (window.endsAt <= now) {
      // Fixed window: the first hit after the end opens the next one.
      window.totalHits = 0;
      window.endsAt = now + ttlMs;
    }
    window.totalHits++;
    window.timeToExpireMs = window.endsAt - now;
    return window;
  }

  /** Number of keys currently held (ended windows included until the next sweep). */
  get size(): number {
    return this.windows.size;
  }

  /** Drops every ended window now, in one pass (hits sweep on their own, in slices). */
  sweep(now: number = this.now()): void {
    this.sweepCursor = undefined;
    this.nextSweepAt = now + this.sweepIntervalMs;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }

  /** Advances the current sweep by up to `sweepSlice` entries, starting one if none is running. */
  private sweepSlice(now: number): void {
    const cursor = (this.sweepCursor ??= this.windows.entries());
    for (let examined = 0; examined < sweepSlice; examined++) {
      const next = cursor.next();
      if (next.done === true) {
        this.sweepCursor = undefined;
        this.nextSweepAt = now + this.sweepIntervalMs;
        return;
      }
      if (next.value[1].endsAt <= now) this.windows.delete(next.value[0]);
    }
  }
}
