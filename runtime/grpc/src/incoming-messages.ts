import { addAbortSignal, type Readable } from 'node:stream';
import { acceptedMessage } from './checked-requests.js';

/**
 * The messages a client streams in, as the `AsyncIterable` a `@GrpcStream()` parameter receives.
 *
 * It pulls from the grpc-js stream, so a handler that reads slowly makes the client wait (HTTP/2
 * flow control) instead of the server buffering. When the call is cancelled or its deadline
 * passes, `signal` aborts and a pending or later read throws the signal's reason: a handler
 * blocked on the next message wakes up instead of waiting forever.
 *
 * @example
 * for await (const todo of incomingMessages(call, context.signal)) store.add(todo);
 * incomingMessages(call, context.signal, () => received++); // counting them
 */
export function incomingMessages(stream: NodeJS.ReadableStream, signal: AbortSignal, onMessage?: () => void): AsyncIterable<unknown> {
  const readable = stream as Readable;
  if (signal.aborted) return failing(signal.reason);
  addAbortSignal(signal, readable);
  return {
    [Symbol.asyncIterator]: () => {
      // Leaving the loop early (break, return, throw) must not destroy the stream: in a
      // bidirectional call its writable side still carries the answer.
      const iterator = readable.iterator({ destroyOnReturn: false });
      const pull = (): Promise<IteratorResult<unknown>> =>
        iterator.next().then(accepted, (error: unknown) => Promise.reject(signal.aborted ? signal.reason : error));
      // Counted only for an observed call (its span reports how many messages came in).
      const counted = onMessage && ((): Promise<IteratorResult<unknown>> => pull().then((result) => (result.done || onMessage(), result)));
      return {
        next: counted ?? pull,
        return: (value?: unknown) => iterator.return!(value),
      };
    },
  };
}

/** The next message, or the INVALID_ARGUMENT of one refused before decoding (see `acceptedMessage`). */
function accepted(result: IteratorResult<unknown>): IteratorResult<unknown> {
  if (!result.done) acceptedMessage(result.value);
  return result;
}

function failing(reason: unknown): AsyncIterable<unknown> {
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(reason) }) };
}
