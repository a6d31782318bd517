import { BodyTooLargeException, RequestAbortedException } from '../../exceptions/request-exceptions.js';
import type { BodySink, BodySource } from './body-source.js';

/**
 * The part of a Node request (`IncomingMessage`, or HTTP/2's `Http2ServerRequest`) read here: a
 * readable stream of its body's chunks, and whether the body came whole (`complete`).
 */
export interface ReadableBody {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'data' | 'end' | 'close' | 'error', listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  readonly complete: boolean;
  readonly readableEnded: boolean;
}

/**
 * A Node request's body as a form reader's source, pushed chunk by chunk from the stream's own
 * `data` events: no promise per chunk, where reading its async iterator through `streamSource` makes
 * three. Past `limit` bytes it
 * fails with a `BodyTooLargeException`; a client gone before the body ended (`close` without
 * `end`, an `error`, an `end` of an incomplete body) is a `RequestAbortedException`. `stop` leaves the request standing, paused: destroying it would reset the
 * connection before a refusal is written, and Node discards the rest once the call is answered.
 *
 * @example
 * bodySource(limit) { return readableSource(this.incoming, limit); } // in the Node host port
 */
export function readableSource(readable: ReadableBody, limit: number): BodySource {
  return new ReadableSource(readable, limit);
}

/**
 * `readableSource`'s source. A class whose listeners are made in its constructor, not functions
 * declared inside a function: the runtime's bundle keeps each nested function's `name` with an
 * `Object.defineProperty` call, which here would run four times a request.
 */
class ReadableSource implements BodySource {
  private sink: BodySink | undefined;
  private size = 0;
  private done = false;
  private readonly onData: (chunk: Uint8Array) => void;
  private readonly onEnd: () => void;
  private readonly onClose: () => void;
  private readonly onError: (error: Error) => void;

  constructor(
    private readonly readable: ReadableBody,
    private readonly limit: number,
  ) {
    this.onData = (chunk) => {
      if (this.done) return;
      this.size += chunk.length;
      if (this.size > this.limit) return this.fail(new BodyTooLargeException(this.limit));
      this.sink!.chunk(chunk);
    };
    this.onEnd = () => {
      if (this.done) return;
      if (!this.readable.complete) return this.fail(new RequestAbortedException({ cause: new Error('the client closed the connection before the body ended') }));
      this.finish();
      this.sink!.end();
    };
    // After `end` is done already: a close before it is the client gone mid-body.
    this.onClose = () => {
      if (!this.done) this.fail(new RequestAbortedException({ cause: new Error('the connection closed before the body ended') }));
    };
    this.onError = (error) => {
      if (!this.done) this.fail(new RequestAbortedException({ cause: error }));
    };
  }

  start(sink: BodySink): void {
    this.sink = sink;
    const { readable } = this;
    // A body read to its end already (by nothing here so far) has nothing more to give.
    if (readable.readableEnded) return queueMicrotask(this.onEnd);
    readable.on('data', this.onData);
    readable.on('end', this.onEnd);
    readable.on('close', this.onClose);
    readable.on('error', this.onError);
    readable.resume();
  }

  pause(): void {
    this.readable.pause();
  }

  resume(): void {
    if (!this.done) this.readable.resume();
  }

  stop(): void {
    if (this.done) return;
    this.finish();
    this.readable.pause();
  }

  private finish(): void {
    this.done = true;
    const { readable } = this;
    readable.removeListener('data', this.onData);
    readable.removeListener('end', this.onEnd);
    readable.removeListener('close', this.onClose);
    readable.removeListener('error', this.onError);
  }

  private fail(cause: unknown): void {
    this.finish();
    this.readable.pause();
    this.sink!.fail(cause);
  }
}
