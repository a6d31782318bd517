import { closeIterator } from '../iterate.js';
import type { OpenStreams } from '../open-streams.js';
import type { EventSink } from './event-sink.js';
import { encodeEvent } from './server-sent-event.js';

/** A comment line: ignored by every client, but it keeps proxies from closing a quiet connection. */
const HEARTBEAT = ':\n\n';

/** What an event stream needs of the call it belongs to (an `HttpCall`). */
export interface EventStreamCall {
  /** Aborts `context.signal`, so work the handler started for the stream stops. */
  abort(reason?: unknown): void;
  /** Set when the stream is over, so that a late cancellation aborts nothing. */
  answered: boolean;
}

export interface EventPumpOptions {
  /** Milliseconds without an event after which a heartbeat comment is sent; 0 sends none. */
  readonly heartbeatMs: number;
  /** `TodoController.events (GET /todo/events)`, for messages. */
  readonly where: string;
  readonly streams: OpenStreams;
  /** The text of the event sent when the handler fails mid-stream (after the status went out). */
  readonly failureEvent: (error: unknown) => string;
}

/**
 * Writes one event per element the handler's iterator yields into `sink`, pulling the next element
 * only while the sink takes more (a slow reader pauses the generator instead of growing a buffer).
 * The stream ends when the iterator is done; when the client goes away or the application shuts
 * down, `context.signal` aborts and the iterator is closed, which runs an `async *` handler's
 * `finally` blocks. An error the iterator throws is sent as one last event (`failureEvent`).
 *
 * @example
 * pumpEvents(iterator, nodeEventSink(outgoing), call, { heartbeatMs: 15_000, where, streams, failureEvent });
 */
export function pumpEvents(iterator: AsyncIterator<unknown> | Iterator<unknown>, sink: EventSink, call: EventStreamCall, options: EventPumpOptions): void {
  let finished = false;
  let iteratorDone = false;
  let wroteSinceBeat = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  /** Ends the stream once, whatever ends it; `reason` set means the iterator is left early. */
  const end = (consumerGone: boolean, reason?: unknown): void => {
    if (finished) return;
    finished = true;
    clearInterval(heartbeat);
    untrack();
    if (!consumerGone) sink.end();
    if (reason !== undefined && !iteratorDone) {
      call.abort(reason);
      closeIterator(iterator);
    }
    call.answered = true;
  };
  const untrack = options.streams.track({ shutdown: () => end(false, new DOMException('The application is shutting down.', 'AbortError')) });
  sink.onGone((reason) => end(true, reason ?? new DOMException('The client closed the event stream.', 'AbortError')));
  if (options.heartbeatMs > 0) {
    heartbeat = setInterval(() => {
      if (!wroteSinceBeat && !finished) sink.write(HEARTBEAT);
      wroteSinceBeat = false;
    }, options.heartbeatMs);
    // A heartbeat alone must not keep the process alive.
    (heartbeat as { unref?: () => void }).unref?.();
  }

  const fail = (error: unknown): void => {
    if (finished) return;
    sink.write(options.failureEvent(error));
    end(false, error ?? new Error('the event stream failed'));
  };

  void (async () => {
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await iterator.next();
      } catch (error) {
        iteratorDone = true; // A generator that threw is finished.
        return fail(error);
      }
      if (finished) return;
      if (next.done) {
        iteratorDone = true;
        return end(false);
      }
      let text: string;
      try {
        text = encodeEvent(next.value, options.where);
      } catch (error) {
        return fail(error);
      }
      wroteSinceBeat = true;
      if (!sink.write(text)) await sink.ready();
      if (finished) return;
    }
  })();
}
