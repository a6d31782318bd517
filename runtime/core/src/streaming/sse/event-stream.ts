import { closeIterator } from '../iterate.js';
import type { OpenStreams } from '../open-streams.js';
import { encodeEvent } from './server-sent-event.js';

/** A comment line: ignored by every client, but it keeps proxies from closing a quiet connection. */
const HEARTBEAT = new TextEncoder().encode(':\n\n');

/** What an event stream needs of the call it belongs to. */
export interface EventStreamCall {
  /** Aborts `context.signal`, so work the handler started for the stream stops. */
  abort(reason?: unknown): void;
  /** Set when the stream is over, so that a late cancellation aborts nothing. */
  answered: boolean;
}

export interface EventStreamOptions {
  /** Milliseconds without an event after which a heartbeat comment is sent; 0 sends none. */
  readonly heartbeatMs: number;
  /** `TodoController.events (GET /todo/events)`, for messages. */
  readonly where: string;
  readonly streams: OpenStreams;
  /** The text of the event sent when the handler fails mid-stream (after the status went out). */
  readonly failureEvent: (error: unknown) => string;
}

/**
 * The body of an `@Sse()` response: one event per element the handler's iterator yields, pulled
 * only when the server has written the previous one out (`highWaterMark: 0`: a slow reader pauses
 * the generator instead of growing a buffer). The stream ends when the iterator is done; when the
 * client goes away (the body is cancelled) or the application shuts down, `context.signal` aborts
 * and the iterator is closed, which runs an `async *` handler's `finally` blocks. An error the
 * iterator throws is sent as one last event (`failureEvent`) before the end.
 *
 * @example
 * return new Response(eventStream(iterator, call, { heartbeatMs: 15_000, where, streams, failureEvent }));
 */
export function eventStream(iterator: AsyncIterator<unknown> | Iterator<unknown>, call: EventStreamCall, options: EventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let finished = false;
  let iteratorDone = false;
  let wroteSinceBeat = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let untrack = (): void => undefined;

  /** Ends the stream once, whatever ends it; `reason` set means the iterator is left early. */
  const end = (controller: ReadableStreamDefaultController<Uint8Array> | undefined, reason?: unknown): void => {
    if (finished) return;
    finished = true;
    clearInterval(heartbeat);
    untrack();
    if (controller) controller.close();
    if (reason !== undefined && !iteratorDone) {
      call.abort(reason);
      closeIterator(iterator);
    }
    call.answered = true;
  };

  /** The last event says what failed; the stream then ends (closing the iterator if it still runs). */
  const fail = (controller: ReadableStreamDefaultController<Uint8Array>, error: unknown): void => {
    if (finished) return;
    controller.enqueue(encoder.encode(options.failureEvent(error)));
    end(controller, error);
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        untrack = options.streams.track({ shutdown: () => end(controller, new DOMException('The application is shutting down.', 'AbortError')) });
        if (options.heartbeatMs > 0) {
          heartbeat = setInterval(() => {
            if (!wroteSinceBeat && !finished) controller.enqueue(HEARTBEAT);
            wroteSinceBeat = false;
          }, options.heartbeatMs);
          // A heartbeat alone must not keep the process alive.
          (heartbeat as { unref?: () => void }).unref?.();
        }
      },
      async pull(controller) {
        if (finished) return;
        let next: IteratorResult<unknown>;
        try {
          next = await iterator.next();
        } catch (error) {
          iteratorDone = true; // A generator that threw is finished.
          return fail(controller, error);
        }
        if (finished) return;
        if (next.done) {
          iteratorDone = true;
          return end(controller);
        }
        let text: string;
        try {
          text = encodeEvent(next.value, options.where);
        } catch (error) {
          return fail(controller, error);
        }
        wroteSinceBeat = true;
        controller.enqueue(encoder.encode(text));
      },
      cancel(reason) {
        // The client went away: the server cancels the body.
        end(undefined, reason ?? new DOMException('The client closed the event stream.', 'AbortError'));
      },
    },
    { highWaterMark: 0 },
  );
}
