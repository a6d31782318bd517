/**
 * Where the `CacheInterceptor` keeps answers. An answer is handed over both as the value the
 * handler returned and as its JSON text: a store in this process may keep the value itself (a hit
 * then costs no parsing), a shared one (Redis) keeps the text. Sizes are the text's length.
 *
 * A store may answer synchronously or with a Promise, and should not throw: a store that cannot
 * reach its backend answers `undefined` (a miss), so the handler runs and the caller is answered.
 *
 * @example
 * new CacheInterceptor({ store: new RedisCacheStore(redis, { prefix: 'todo:cache:' }) });
 */
export interface CacheStore {
  /** The answer kept under `key`, or `undefined` when there is none (or it expired). */
  get(key: string): unknown | Promise<unknown>;
  /** Keeps `value` (whose JSON text is `text`) under `key` for `ttlMs` milliseconds. */
  set(key: string, value: unknown, text: string, ttlMs: number): void | Promise<void>;
  /** Forgets every answer. */
  clear(): void | Promise<void>;
}

/** The default bound of a memory store: 16 MiB of JSON text. */
export const DEFAULT_CACHE_MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  readonly value: unknown;
  readonly size: number;
  readonly expires: number;
}

/**
 * Answers kept in this process, bounded by the total length of their JSON text (`maxBytes`): the
 * least recently used give way to a new one, and an answer larger than a quarter of the bound is
 * not kept at all (it would push out many others). Expired answers are dropped when read and
 * swept every `sweepMs` while the store holds any, so memory is given back after their ttl even
 * when nothing reads them again. The sweep timer does not keep the process alive.
 *
 * @example
 * const store = new MemoryCacheStore({ maxBytes: 64 * 1024 * 1024 });
 * app.useGlobalInterceptors(new CacheInterceptor({ store }));
 */
export class MemoryCacheStore implements CacheStore {
  readonly maxBytes: number;
  private readonly sweepMs: number;
  /** A `Map` keeps insertion order, which a read refreshes: its first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(options: { readonly maxBytes?: number; readonly sweepMs?: number } = {}) {
    const { maxBytes = DEFAULT_CACHE_MAX_BYTES, sweepMs = 10_000 } = options;
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new TypeError(`MemoryCacheStore: maxBytes must be a positive integer, got ${String(maxBytes)}.`);
    if (!Number.isFinite(sweepMs) || sweepMs <= 0) throw new TypeError(`MemoryCacheStore: sweepMs must be a positive number of milliseconds, got ${String(sweepMs)}.`);
    this.maxBytes = maxBytes;
    this.sweepMs = sweepMs;
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** The total length of the JSON text of the answers kept now (never more than `maxBytes`). */
  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.remove(key, entry);
    if (entry.expires <= Date.now()) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    return entry.value;
  }

  set(key: string, value: unknown, text: string, ttlMs: number): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) this.remove(key, previous);
    const size = text.length + key.length;
    if (size > this.maxBytes / 4) return;
    while (this.bytes + size > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.remove(oldest, entry);
    }
    this.entries.set(key, { value, size, expires: Date.now() + ttlMs });
    this.bytes += size;
    this.sweeper ??= unref(setInterval(() => this.sweep(), this.sweepMs));
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.stopSweeping();
  }

  /** Drops every expired answer; stops the timer once nothing is left. */
  sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.remove(key, entry);
    if (this.entries.size === 0) this.stopSweeping();
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  private stopSweeping(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}

/** Node's timers keep the process alive unless unref'd; Deno's and the browser's have no `unref`. */
function unref<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
