import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** What a handler returning `undefined` or `null` in a stream sends: the empty message. */
const emptyMessage = Object.freeze({});

/** The iterator of a streaming handler's answer, or a TypeError naming what it returned instead. */
function iteratorOf(answer: unknown, where: string): AsyncIterator<unknown> | Iterator<unknown> {
  if (answer === undefined || answer === null) return [][Symbol.iterator]();
  const value = answer as Partial<AsyncIterable<unknown> & Iterable<unknown>>;
  if (typeof value[Symbol.asyncIterator] === 'function') return value[Symbol.asyncIterator]!();
  if (typeof value[Symbol.iterator] === 'function' && typeof answer !== 'string') return value[Symbol.iterator]!();
  throw new TypeError(
    `${where} answers a streaming RPC, so it must return an iterable of messages (an \`async *\` method, or an array); it returned ${typeof answer === 'object' ? 'an object' : typeof answer}.`,
  );
}

/**
 * Sends every message of a streaming handler's answer (resolving with how many were sent), honouring back-pressure: when the
 * transport's buffer is full (`write()` returns false) the next message is not pulled from the
 * handler until the client has taken the previous ones (`drain`), so a slow client slows the
 * handler down instead of making the server buffer without bound.
 *
 * When `signal` aborts (the client cancelled, the deadline passed) it stops pulling and closes the
 * iterator, so an `async *` handler's `finally` blocks run; a handler waiting on something of its
 * own should pass the signal to it, since a generator is only closed once it yields again.
 *
 * `recover`, when given, is asked once what to send instead of the rest of the stream when the
 * answer fails (its iterator throws, or it is no iterable): its answer is sent as the handler's
 * was, and an error of that one ends the stream. Only a failure reads it, so a message costs the
 * same with it or without. `left`, when given, is handed the closing of an iterator left early
 * (settled once a generator's `finally` blocks have run).
 *
 * @example
 * await writeMessages(todos.list(), call, context.signal, 'TodoGrpcController.ListTodos');
 */
export async function writeMessages(
  answer: unknown,
  stream: Pick<Writable, 'write' | 'once' | 'off' | 'writableNeedDrain'>,
  signal: AbortSignal,
  where: string,
  recover?: (error: unknown) => Promise<unknown>,
  left?: (closed: Promise<unknown>) => void,
): Promise<number> {
  let iterator: AsyncIterator<unknown> | Iterator<unknown>;
  try {
    iterator = iteratorOf(answer, where);
  } catch (error) {
    if (recover === undefined) throw error;
    return writeMessages(await recover(error), stream, signal, where, undefined, left);
  }
  const abortable = new AbortableWait(signal);
  let done = false;
  let sent = 0;
  let failure: unknown;
  try {
    while (!signal.aborted) {
      const pulled = iterator.next();
      // An array's (or any sync iterator's) next value needs no wait, nor a watch on the signal.
      const next = isPromise(pulled) ? await abortable.wait(pulled) : pulled;
      if (next === aborted || next.done) {
        done = next !== aborted;
        return sent;
      }
      sent++;
      if (!stream.write(next.value ?? emptyMessage)) await once(stream as Writable, 'drain', { signal }).catch(ignoreAbort(signal));
    }
    return sent;
  } catch (error) {
    done = true; // A generator that threw is finished; a throwing `return()` would hide the error.
    if (recover === undefined) throw error;
    failure = error;
  } finally {
    abortable.dispose();
    // An early exit (abort) closes the handler's iterator, which runs its `finally` blocks.
    if (!done) {
      const closed = Promise.resolve(iterator.return?.()).catch(() => undefined);
      left?.(closed);
    }
  }
  // Only a failure given to `recover` comes here, once the failed iterator is let go.
  return sent + (await writeMessages(await recover(failure), stream, signal, where, undefined, left));
}

const aborted = Symbol('aborted');

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown })?.then === 'function';
}

/**
 * Waits for one promise after another, each ending early with `aborted` when `signal` aborts. One
 * listener on the signal serves the whole stream: adding and removing one per message would cost
 * more than the message.
 */
class AbortableWait {
  private wake?: (value: typeof aborted) => void;
  private readonly onAbort = (): void => this.wake?.(aborted);

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** `promise`'s value, or `aborted` as soon as the signal aborts (the promise then settles alone). */
  wait<T>(promise: Promise<T>): Promise<T | typeof aborted> {
    if (this.signal.aborted) return Promise.resolve(aborted);
    return new Promise((resolve, reject) => {
      this.wake = resolve;
      promise.then(resolve, reject);
    });
  }

  dispose(): void {
    this.wake = undefined;
    this.signal.removeEventListener('abort', this.onAbort);
  }
}

function ignoreAbort(signal: AbortSignal): (error: unknown) => void {
  return (error) => {
    if (!signal.aborted) throw error;
  };
}
