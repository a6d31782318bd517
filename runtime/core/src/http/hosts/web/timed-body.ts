import { RequestTimeoutException } from '../../../exceptions/built-in.js';
import { BodyTooLargeException, RequestAbortedException } from '../../../exceptions/request-exceptions.js';

/**
 * 408 sent when a request body read through the web adapter (`app.fetch`: Deno, Bun, Workers) did
 * not arrive whole within the application's `requestTimeoutMs`. A `RequestTimeoutException`, so a
 * filter catching that class sees it; its message says what timed out.
 *
 * @example
 * { "status": 408, "name": "RequestTimeoutException", "message": "Request body was not received within 30000 ms" }
 */
export class BodyTimeoutException extends RequestTimeoutException {
  constructor(readonly timeoutMs: number) {
    super();
    this.message = `Request body was not received within ${timeoutMs} ms`;
  }
}

const ignore = (): undefined => undefined;

/**
 * A Web `ReadableStream` body read chunk by chunk, held to a byte limit and, when `timeoutMs` is
 * given, to a time bound counted from the start of the read: once it passes, the reader is cancelled
 * (a pending read ends at once) and the read fails with a `BodyTimeoutException`. One timer per
 * body, cleared when the read ends however it ends; a request without a body never gets here.
 *
 * @example
 * const read = new TimedBody(request.body, 1 << 20, 30_000);
 * for (let chunk = await read.next(); chunk; chunk = await read.next()) chunks.push(chunk);
 */
export class TimedBody {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private size = 0;
  private timedOut = false;
  private ended = false;

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly limit: number,
    private readonly timeoutMs: number | undefined,
  ) {
    this.reader = body.getReader();
    if (timeoutMs !== undefined) this.timer = setTimeout(() => this.expire(), timeoutMs);
  }

  /** The next chunk, or `undefined` at the body's end; rejects with a 413, a 408, or the client gone (`RequestAbortedException`). */
  async next(): Promise<Uint8Array | undefined> {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await this.reader.read();
    } catch (cause) {
      this.finish();
      this.reader.releaseLock();
      throw this.timedOut ? new BodyTimeoutException(this.timeoutMs!) : new RequestAbortedException({ cause });
    }
    // A cancelled reader's pending read ends as `done` (Node, Deno, Bun; workerd rejects it with the
    // reason instead, caught above): that end is the timeout's, not the body's.
    if (this.timedOut) throw new BodyTimeoutException(this.timeoutMs!);
    if (result.done) {
      this.finish();
      this.reader.releaseLock();
      return undefined;
    }
    this.size += result.value.byteLength;
    if (this.size > this.limit) {
      // Let go, not cancelled, as a body read to its end: the host discards the rest after the 413.
      this.finish();
      this.reader.releaseLock();
      throw new BodyTooLargeException(this.limit);
    }
    return result.value;
  }

  /** Stops reading for good (the form was refused, the call ended): the timer cleared, the stream cancelled. */
  stop(): void {
    if (this.ended) return;
    this.finish();
    this.reader.cancel().then(ignore, ignore);
  }

  /** The chunks as an async iterator; its `return` stops the read at once, a read pending included. */
  iterator(): AsyncIterator<Uint8Array> {
    return {
      next: () => this.next().then((value) => (value === undefined ? { done: true, value: undefined } : { done: false, value })),
      return: () => {
        this.stop();
        return Promise.resolve({ done: true, value: undefined });
      },
    };
  }

  private expire(): void {
    if (this.ended) return;
    this.timedOut = true;
    this.ended = true;
    this.reader.cancel(new BodyTimeoutException(this.timeoutMs!)).then(ignore, ignore);
  }

  private finish(): void {
    this.ended = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}

/**
 * A body's chunks as the async iterable a form reader's `streamSource` pulls, read by a `TimedBody`
 * made when the reading starts: a form refused before it (a wrong Content-Type) locks nothing and
 * starts no timer.
 *
 * @example
 * streamSource(timedChunks(request.body, limit, 30_000));
 */
export function timedChunks(body: ReadableStream<Uint8Array>, limit: number, timeoutMs: number | undefined): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => new TimedBody(body, limit, timeoutMs).iterator() };
}
