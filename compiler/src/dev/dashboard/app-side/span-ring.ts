/**
 * The finished spans of an app process waiting for the IPC channel: a ring of a fixed number of
 * slots, allocated once. When the channel falls behind, the oldest span is overwritten (the
 * dashboard keeps the last N traces anyway), so a burst of requests never grows the app's memory.
 *
 * @example
 * const ring = new SpanRing<number>(4);
 * for (const n of [1, 2, 3, 4, 5]) ring.push(n);
 * ring.take(10); // [2, 3, 4, 5]
 */
export class SpanRing<T> {
  private readonly slots: (T | undefined)[];
  /** The slot of the oldest item. */
  private head = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.slots = new Array<T | undefined>(capacity).fill(undefined);
  }

  get size(): number {
    return this.count;
  }

  /** Adds `item`; a full ring drops its oldest. */
  push(item: T): void {
    if (this.count === this.capacity) {
      this.slots[this.head] = item;
      this.head = (this.head + 1) % this.capacity;
      return;
    }
    this.slots[(this.head + this.count) % this.capacity] = item;
    this.count++;
  }

  /** Removes and returns the `max` oldest items, oldest first, each mapped by `as`. */
  take<R>(max: number, as: (item: T) => R): R[];
  take(max: number): T[];
  take<R>(max: number, as?: (item: T) => R): (T | R)[] {
    const n = Math.min(max, this.count);
    const out = new Array<T | R>(n);
    for (let i = 0; i < n; i++) {
      const item = this.slots[this.head] as T;
      this.slots[this.head] = undefined; // no reference kept once sent
      this.head = (this.head + 1) % this.capacity;
      out[i] = as ? as(item) : item;
    }
    this.count -= n;
    return out;
  }
}
