/** The iterator of a streaming handler's answer (a generator, an `AsyncIterable`, an array), or a TypeError naming it. */
export function iteratorOf(answer: unknown, where: string): AsyncIterator<unknown> | Iterator<unknown> {
  if (answer === undefined || answer === null) return [][Symbol.iterator]();
  const value = answer as Partial<AsyncIterable<unknown> & Iterable<unknown>>;
  if (typeof value[Symbol.asyncIterator] === 'function') return value[Symbol.asyncIterator]!();
  if (typeof value[Symbol.iterator] === 'function' && typeof answer !== 'string') return value[Symbol.iterator]!();
  throw new TypeError(
    `${where} is a streaming route, so it must return an iterable (an \`async *\` method, or an array); it returned ${typeof answer === 'object' ? 'an object' : typeof answer}.`,
  );
}

/** Closes an iterator the consumer leaves early, so an `async *` handler's `finally` blocks run; its failure is the handler's own business. */
export function closeIterator(iterator: AsyncIterator<unknown> | Iterator<unknown>): void {
  try {
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  } catch {
    // A sync iterator's return() threw: nothing is left to close.
  }
}
