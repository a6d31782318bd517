import { HttpException } from '../../../exceptions/http-exception.js';
import { closeIterator } from '../iterate.js';
import { IteratorPump } from '../iterator-pump.js';
import { TOKEN_EXPIRED, type OpenStream, type OpenStreams, type StreamCall } from '../open-streams.js';
import type { SharedInterval } from '../shared-interval.js';
import type { EventSink, SinkWatcher } from './event-sink.js';
import { encodeEvent } from './server-sent-event.js';

/** A comment line: ignored by every client, but it keeps proxies from closing a quiet connection. */
const HEARTBEAT = ':\n\n';

/** What the stream did since the last heartbeat visit: nothing, wrote an event, or waits for the client to read. */
const QUIET = 0;
const WROTE = 1;
const FULL = 2;

/** What every stream of one `@Sse()` route shares (one object per route, not per stream). */
export interface EventPumpOptions {
  /** `TodoController.events (GET /todo/events)`, for messages. */
  readonly where: string;
  readonly streams: OpenStreams;
  /** A stream without an event since the last visit gets a comment line. */
  readonly heartbeats: SharedInterval<EventPump>;
  /** The text of the event sent when the handler fails mid-stream (after the status went out). */
  readonly failureEvent: (error: unknown) => string;
}

/**
 * Writes one event per element the handler's iterator yields into `sink`, pulling the next only
 * while the sink takes more. When the client goes away or the application shuts down,
 * `context.signal` aborts and the iterator is closed; an error it throws is one last event.
 */
export class EventPump extends IteratorPump implements OpenStream, SinkWatcher {
  private sinceBeat: typeof QUIET | typeof WROTE | typeof FULL = QUIET;

  constructor(
    iterator: AsyncIterator<unknown> | Iterator<unknown>,
    private readonly sink: EventSink,
    private readonly call: StreamCall,
    private readonly options: EventPumpOptions,
  ) {
    super(iterator);
  }

  start(): void {
    this.options.streams.track(this, this.call);
    this.options.heartbeats.add(this);
    this.sink.onGone(this);
    this.pull();
  }

  shutdown(): void {
    this.end(false, new DOMException('The application is shutting down.', 'AbortError'), true);
  }

  /**
   * The token the stream was opened with expired: a last `exception` event (a 401, which the typed
   * client throws as an `ApiError`: get a new token, then reconnect), then the end.
   */
  expire(): void {
    if (this.finished) return;
    this.sink.write(this.options.failureEvent(new HttpException(401, TOKEN_EXPIRED)));
    this.end(false, new DOMException(TOKEN_EXPIRED, 'AbortError'));
  }

  /** The client went away (the sink saw the connection close before the end). */
  gone(reason: unknown): void {
    this.end(true, reason ?? new DOMException('The client closed the event stream.', 'AbortError'));
  }

  /**
   * A heartbeat when nothing was written since the last visit. None while the client is not
   * reading: its buffers are full, so the connection is not idle to a proxy, and each heartbeat
   * would be queued in memory for as long as the client stalls.
   */
  beat(): void {
    if (this.sinceBeat === QUIET && !this.finished) this.sink.write(HEARTBEAT);
    if (this.sinceBeat !== FULL) this.sinceBeat = QUIET;
  }

  protected deliver(value: unknown): Promise<void> | undefined {
    const text = encodeEvent(value, this.options.where);
    if (this.sink.write(text)) {
      this.sinceBeat = WROTE;
      return undefined;
    }
    this.sinceBeat = FULL;
    return this.sink.ready().then(() => void (this.sinceBeat = WROTE));
  }

  protected ended(): void {
    this.end(false);
  }

  protected threw(error: unknown): void {
    if (this.finished) return;
    this.sink.write(this.options.failureEvent(error));
    this.end(false, error ?? new Error('the event stream failed'));
  }

  /** Ends the stream once, whatever ends it; `reason` set means the iterator is left early. */
  private end(consumerGone: boolean, reason?: unknown, atShutdown = false): void {
    if (this.finished) return;
    this.finished = true;
    this.options.streams.untrack(this);
    this.options.heartbeats.delete(this);
    if (!consumerGone) this.sink.end(atShutdown);
    if (reason !== undefined && !this.iteratorDone) {
      this.call.abort(reason);
      closeIterator(this.iterator);
    }
    this.call.answered = true;
  }
}
