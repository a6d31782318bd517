import { closeIterator } from '../iterate.js';
import { IteratorPump } from '../iterator-pump.js';
import type { OpenStream, OpenStreams } from '../open-streams.js';
import type { SharedInterval } from '../shared-interval.js';
import type { EventSink, SinkWatcher } from './event-sink.js';
import { encodeEvent } from './server-sent-event.js';

/** A comment line: ignored by every client, but it keeps proxies from closing a quiet connection. */
const HEARTBEAT = ':\n\n';

/** What an event stream needs of the call it belongs to (a `PipelineCall`). */
export interface EventStreamCall {
  /** Aborts `context.signal`, so work the handler started for the stream stops. */
  abort(reason?: unknown): void;
  /** Set when the stream is over, so that a late cancellation aborts nothing. */
  answered: boolean;
}

/** What every stream of one `@Sse()` route shares (one object per route, not per stream). */
export interface EventPumpOptions {
  /** `TodoController.events (GET /todo/events)`, for messages. */
  readonly where: string;
  readonly streams: OpenStreams;
  /** The application's heartbeat timer: a stream without an event since its last visit gets a comment line. */
  readonly heartbeats: SharedInterval<EventPump>;
  /** The text of the event sent when the handler fails mid-stream (after the status went out). */
  readonly failureEvent: (error: unknown) => string;
}

/**
 * Writes one event per element the handler's iterator yields into `sink`, pulling the next element
 * only while the sink takes more (a slow reader pauses the generator instead of growing a buffer).
 * The stream ends when the iterator is done; when the client goes away or the application shuts
 * down, `context.signal` aborts and the iterator is closed, which runs an `async *` handler's
 * `finally` blocks. An error the iterator throws is sent as one last event (`failureEvent`).
 */
export class EventPump extends IteratorPump implements OpenStream, SinkWatcher {
  private wroteSinceBeat = false;

  constructor(
    iterator: AsyncIterator<unknown> | Iterator<unknown>,
    private readonly sink: EventSink,
    private readonly call: EventStreamCall,
    private readonly options: EventPumpOptions,
  ) {
    super(iterator);
  }

  start(): void {
    this.options.streams.track(this);
    this.options.heartbeats.add(this);
    this.sink.onGone(this);
    this.pull();
  }

  /** The application shuts down: the body ends cleanly, the handler is stopped. */
  shutdown(): void {
    this.end(false, new DOMException('The application is shutting down.', 'AbortError'));
  }

  /** The client went away (the sink saw the connection close before the end). */
  gone(reason: unknown): void {
    this.end(true, reason ?? new DOMException('The client closed the event stream.', 'AbortError'));
  }

  /** A visit of the heartbeat timer. */
  beat(): void {
    if (!this.wroteSinceBeat && !this.finished) this.sink.write(HEARTBEAT);
    this.wroteSinceBeat = false;
  }

  protected deliver(value: unknown): Promise<void> | undefined {
    const text = encodeEvent(value, this.options.where);
    this.wroteSinceBeat = true;
    return this.sink.write(text) ? undefined : this.sink.ready();
  }

  protected ended(): void {
    this.end(false);
  }

  /** The handler failed mid-stream: one last event says so, then the stream ends. */
  protected threw(error: unknown): void {
    if (this.finished) return;
    this.sink.write(this.options.failureEvent(error));
    this.end(false, error ?? new Error('the event stream failed'));
  }

  /** Ends the stream once, whatever ends it; `reason` set means the iterator is left early. */
  private end(consumerGone: boolean, reason?: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.options.streams.untrack(this);
    this.options.heartbeats.delete(this);
    if (!consumerGone) this.sink.end();
    if (reason !== undefined && !this.iteratorDone) {
      this.call.abort(reason);
      closeIterator(this.iterator);
    }
    this.call.answered = true;
  }
}
