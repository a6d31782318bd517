/**
 * The candidate a misspelt name most likely meant, for "did you mean" hints: the same name in
 * another case or with `_`/`-` differences (`getTodo` → `GetTodo`, `userId` → `user_id`), else
 * the closest by edit distance when it is close enough (a third of the length, at least 1).
 *
 * @example
 * suggest('getTodo', ['GetTodo', 'CreateTodo']) // 'GetTodo'
 * suggest('burts', ['default', 'burst']) // 'burst'
 * suggest('xyz', ['GetTodo']) // undefined
 */
export function suggest(name: string, candidates: readonly string[]): string | undefined {
  const loose = (s: string): string => s.toLowerCase().replace(/[_-]/g, '');
  const same = candidates.find((c) => loose(c) === loose(name));
  if (same !== undefined) return same;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, transpositions counted as one edit. */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
