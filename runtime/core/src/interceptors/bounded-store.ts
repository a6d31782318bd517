/**
 * A memory store of at most `maxEntries` values, each kept until its own expiry: the least
 * recently used entry gives way when a new one would exceed the bound, and an expired entry is
 * dropped when it is read. A `Map` keeps insertion order, which a read refreshes.
 *
 * @example
 * const store = new BoundedStore<unknown>(1000);
 * store.set('/todo', todos, 5000, Date.now());
 * store.get('/todo', Date.now()); // todos, for five seconds
 */
export class BoundedStore<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly expires: number }>();

  constructor(readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new TypeError(`maxEntries must be a positive integer, got ${String(maxEntries)}.`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
