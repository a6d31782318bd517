import { boundedKey, MAX_PLAIN_KEY_LENGTH } from './key-digest.js';
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
  /**
   * Most keys (caller × route × throttler) held at once (default 100 000, a few tens of MB at
   * most). When a new key arrives at the limit, it takes the place of the window opened longest
   * ago: an ended one if any (for windows of one `ttl`), else a live one, whose caller starts a
   * fresh window on its next call. Raise it when more callers than that are active within a `ttl`.
   */
  readonly maxKeys?: number;
  /** The clock, for tests (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * The default storage: counters in a `Map` of this process. Several processes or machines each
 * grant the full quota; use `RedisThrottlerStorage` to share one.
 *
 * Memory stays bounded twice over. By time: a window that ended is reused when its key comes back,
 * and every `sweepIntervalMs` a sweep walks the map and drops ended windows. The sweep is spread
 * over the following hits, 1024 entries each (so no single call pays for a large map); since a hit
 * adds at most one key, a sweep always finishes. There is no timer per key (and no timer at all),
 * so nothing keeps the process alive. By size: at most `maxKeys` keys, and a key longer than 200
 * characters (say, from a `getTracker` returning an API key) is stored as a fixed-length digest
 * of it (a 64-bit FNV-1a hash and its length).
 *
 * Answers synchronously: the guard uses the plain value without creating a promise.
 *
 * @example
 * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }], new MemoryThrottlerStorage({ sweepIntervalMs: 5000, maxKeys: 500_000 }));
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly sweepIntervalMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private nextSweepAt: number;
  /** The sweep in progress; a Map iterator stays valid while entries are added and deleted. */
  private sweepCursor: IterableIterator<[string, Window]> | undefined;
  /** Where `makeRoom` drops windows: always the front of the map (the oldest window). */
  private evictionCursor: IterableIterator<string> | undefined;

  constructor(options: MemoryThrottlerStorageOptions = {}) {
    this.sweepIntervalMs = options.sweepIntervalMs ?? 1000;
    if (!Number.isFinite(this.sweepIntervalMs) || this.sweepIntervalMs <= 0) {
      throw new TypeError(`MemoryThrottlerStorage: sweepIntervalMs must be a positive number of milliseconds (got ${String(options.sweepIntervalMs)}).`);
    }
    this.maxKeys = options.maxKeys ?? 100_000;
    if (!Number.isSafeInteger(this.maxKeys) || this.maxKeys < 1) {
      throw new TypeError(`MemoryThrottlerStorage: maxKeys must be a positive integer count of keys (got ${String(options.maxKeys)}).`);
    }
    this.now = options.now ?? Date.now;
    this.nextSweepAt = this.now() + this.sweepIntervalMs;
  }

  /** Counts a hit; see `ThrottlerStorage.increment`. The returned object is reused: read it at once. */
  increment(key: string, ttlMs: number): ThrottlerRecord {
    const now = this.now();
    if (this.sweepCursor !== undefined || now >= this.nextSweepAt) this.sweepSlice(now);
    if (key.length > MAX_PLAIN_KEY_LENGTH) key = boundedKey(key);
    let window = this.windows.get(key);
    if (window === undefined) {
      if (this.windows.size >= this.maxKeys) this.makeRoom();
      window = { totalHits: 0, timeToExpireMs: 0, endsAt: now + ttlMs };
      this.windows.set(key, window);
    } else if (window.endsAt <= now) {
      // Fixed window: the first hit after the end opens the next one. Moved to the end of the
      // map, which so stays in the order windows opened (the first is the oldest).
      window.totalHits = 0;
      window.endsAt = now + ttlMs;
      this.windows.delete(key);
      this.windows.set(key, window);
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

  /**
   * Frees one place at the `maxKeys` limit by dropping the window opened longest ago: the map
   * keeps windows in the order they opened, so for windows of one `ttl` that is an ended one
   * whenever there is one (sweeps drop ended windows of other lengths). O(1): the cursor stays at
   * the front of the map, so it never walks again over what it deleted.
   */
  private makeRoom(): void {
    let next = (this.evictionCursor ??= this.windows.keys()).next();
    if (next.done === true) {
      // A finished iterator stays finished; windows opened since then need a new one.
      next = (this.evictionCursor = this.windows.keys()).next();
    }
    if (next.done !== true) this.windows.delete(next.value);
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
