/**
 * A small seeded PRNG (mulberry32) with the picks the suites' generators need: the same seed gives
 * the same sequence on every machine and Node release, so a failing run can be replayed.
 *
 * @example
 * const random = new Random(42);
 * random.pick(['GET', 'POST']); random.chance(0.1); random.int(1, 6);
 */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    let left = this.next() * choices.reduce((sum, [weight]) => sum + weight, 0);
    for (const [weight, value] of choices) {
      left -= weight;
      if (left < 0) return value;
    }
    return choices[choices.length - 1]![1];
  }
}

/**
 * A seeded source of floats in [0, 1), for generators that take a plain function.
 *
 * @example
 * const next = seeded(20261124); next(); // 0.…, the same on every run
 */
export function seeded(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}
