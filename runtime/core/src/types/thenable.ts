/**
 * Whether a value is awaitable. Checked by shape, not `instanceof Promise`, so promises from other
 * realms and promise-like query builders returned by handlers or guards are awaited too.
 *
 * @example
 * const answer = run(call);
 * if (isThenable(answer)) return answer.then(send);
 */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
