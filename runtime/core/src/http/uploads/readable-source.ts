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
  let sink: BodySink | undefined;
  let size = 0;
  let done = false;
  const finish = (): void => {
    done = true;
    readable.removeListener('data', onData);
    readable.removeListener('end', onEnd);
    readable.removeListener('close', onClose);
    readable.removeListener('error', onError);
  };
  const fail = (cause: unknown): void => {
    finish();
    readable.pause();
    sink!.fail(cause);
  };
  function onData(chunk: Uint8Array): void {
    if (done) return;
    size += chunk.length;
    if (size > limit) return fail(new BodyTooLargeException(limit));
    sink!.chunk(chunk);
  }
  function onEnd(): void {
    if (done) return;
    if (!readable.complete) return fail(new RequestAbortedException({ cause: new Error('the client closed the connection before the body ended') }));
    finish();
    sink!.end();
  }
  // After `end` is done already: a close before it is the client gone mid-body.
  function onClose(): void {
    if (!done) fail(new RequestAbortedException({ cause: new Error('the connection closed before the body ended') }));
  }
  function onError(error: Error): void {
    if (!done) fail(new RequestAbortedException({ cause: error }));
  }
  return {
    start(to) {
      sink = to;
      // A body read to its end already (by nothing here so far) has nothing more to give.
      if (readable.readableEnded) return queueMicrotask(onEnd);
      readable.on('data', onData);
      readable.on('end', onEnd);
      readable.on('close', onClose);
      readable.on('error', onError);
      readable.resume();
    },
    pause: () => void readable.pause(),
    resume() {
      if (!done) readable.resume();
    },
    stop() {
      if (done) return;
      finish();
      readable.pause();
    },
  };
}
