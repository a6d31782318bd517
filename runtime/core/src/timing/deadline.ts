/**
 * Settles like `promise`, unless it has not settled after `ms` milliseconds: then rejects with
 * the error `expire()` returns (which may also act on the deadline, such as aborting a signal).
 * A settlement after the deadline changes nothing and is not an unhandled rejection.
 *
 * @example
 * await withDeadline(redis.eval(…), 1000, () => new Error('Redis did not answer within 1000 ms'));
 */
export function withDeadline<T>(promise: PromiseLike<T>, ms: number, expire: () => unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(expire()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
