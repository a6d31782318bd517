import { RequestTimeoutException } from '../../../exceptions/built-in.js';
import { BodyTooLargeException, RequestAbortedException } from '../../../exceptions/request-exceptions.js';
import type { BodyDone } from '../../pipeline/host-exchange.js';
import { ExpiringRead, type BodyDeadlines } from './body-deadlines.js';

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
 * A Web `ReadableStream` body read chunk by chunk, held to a byte limit and, when `deadlines` are
 * given, to the application's `requestTimeoutMs` counted from the start of the read: once it passes,
 * the reader is cancelled (a pending read ends at once) and the read fails with a
 * `BodyTimeoutException`. Watched from the first read to the end of the read, however it ends; a
 * request without a body never gets here.
 *
 * @example
 * const read = new TimedBody(request.body, 1 << 20, deadlines);
 * for (let chunk = await read.next(); chunk; chunk = await read.next()) chunks.push(chunk);
 */
export class TimedBody extends ExpiringRead {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private size = 0;
  private timedOut = false;
  private ended = false;

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly limit: number,
    private readonly deadlines: BodyDeadlines | undefined,
  ) {
    super();
    this.reader = body.getReader();
    deadlines?.watch(this);
  }

  /** The next chunk, or `undefined` at the body's end; rejects with a 413, a 408, or the client gone (`RequestAbortedException`). */
  async next(): Promise<Uint8Array | undefined> {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await this.reader.read();
    } catch (cause) {
      this.finish();
      this.reader.releaseLock();
      throw this.timedOut ? new BodyTimeoutException(this.deadlines!.timeoutMs) : new RequestAbortedException({ cause });
    }
    // A cancelled reader's pending read ends as `done` (Node, Deno, Bun; workerd rejects it with the
    // reason instead, caught above): that end is the timeout's, not the body's.
    if (this.timedOut) throw new BodyTimeoutException(this.deadlines!.timeoutMs);
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

  /**
   * Stops reading for good (the form was refused, the call ended): no longer watched, and the
   * reader let go, which ends a read still pending. The stream is left, not cancelled, as the host
   * drops the rest after the answer: cancelling a `Request`'s own body while undici still feeds it
   * throws in undici on Node 24 ("ReadableStream is already closed"), out of anyone's reach.
   */
  stop(): void {
    if (this.ended) return;
    this.finish();
    this.reader.releaseLock();
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

  /** The deadline passed (`BodyDeadlines`): the pending read, if any, ends with the 408. */
  expire(): void {
    if (this.ended) return;
    this.timedOut = true;
    this.ended = true;
    this.reader.cancel(new BodyTimeoutException(this.deadlines!.timeoutMs)).then(ignore, ignore);
  }

  private finish(): void {
    this.ended = true;
    this.deadlines?.unwatch(this);
  }
}

/**
 * A body's chunks as the async iterable a form reader's `streamSource` pulls, read by a `TimedBody`
 * made when the reading starts: a form refused before it (a wrong Content-Type) locks nothing and
 * is not watched.
 *
 * @example
 * streamSource(timedChunks(request.body, limit, deadlines));
 */
export function timedChunks(body: ReadableStream<Uint8Array>, limit: number, deadlines: BodyDeadlines | undefined): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => new TimedBody(body, limit, deadlines).iterator() };
}

/**
 * The host's whole read (`request.arrayBuffer()`) of a body of declared length, watched by the
 * deadlines: past them the 408 goes at once, and the read, which nothing can cancel, ends unheard
 * with the connection. `end` hands on what the read gave, if the 408 has not gone.
 *
 * @example
 * const read = new DeclaredRead(done, deadlines);
 * request.arrayBuffer().then((buffer) => read.end(undefined, new Uint8Array(buffer)));
 */
export class DeclaredRead extends ExpiringRead {
  private settled = false;

  constructor(
    private readonly done: BodyDone,
    private readonly deadlines: BodyDeadlines | undefined,
  ) {
    super();
    deadlines?.watch(this);
  }

  end(error: Error | undefined, bytes: Uint8Array): void {
    this.deadlines?.unwatch(this);
    if (this.settled) return;
    this.settled = true;
    this.done(error, bytes);
  }

  expire(): void {
    if (this.settled) return;
    this.settled = true;
    this.done(new BodyTimeoutException(this.deadlines!.timeoutMs), new Uint8Array(0));
  }
}
