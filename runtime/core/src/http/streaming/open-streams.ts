import { CREDENTIAL_EXPIRES_AT } from '../../auth/credential-expiry.js';

/** The longest delay a timer takes (about 24.8 days): a later expiry is looked at again then. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/** A stream the application holds open (an `@Sse()` response, a WebSocket). */
export interface OpenStream {
  /** Ends it cleanly because the application shuts down. */
  shutdown(): void;
  /** Ends it because the token it was opened with expired (an event stream with a 401 `exception` event, a socket with 1008). */
  expire(): void;
}

/** What a stream needs of the call it belongs to (a `PipelineCall`). */
export interface StreamCall {
  /** Aborts `context.signal`, so work the handler started for the stream stops. */
  abort(reason?: unknown): void;
  /** Set when the stream is over, so that a late cancellation aborts nothing. */
  answered: boolean;
  /** A value a guard left in `context.state`, read without creating the bag (absent on a stand-in that only relays the abort). */
  stateValue?(key: unknown): unknown;
}

/** What `app.stats()` reports of the streams. */
export interface StreamCounters {
  open: number;
  /** Streams the application ended when it shut down (counted over its life). */
  closedAtShutdown: number;
}

/** The reason a stream ended by its token's expiry gives (a socket's close reason, `context.signal`'s). */
export const TOKEN_EXPIRED = 'The token expired.';

/**
 * The streams open at one moment, so that graceful shutdown can end every one of them (a stream
 * never ends by itself) and count them, and so that one opened with a token that expires ends
 * then (the guard ran once, at the open); a stream is its own entry (no wrapper per stream).
 */
export class OpenStreams {
  private readonly open = new Set<OpenStream>();
  /**
   * The expiry timer of each stream opened with a token, armed in the stream's own request: on
   * Workers a timer fires in the request that set it, and only that request may write to its
   * stream (a timer shared by the application would be another request's).
   */
  private readonly expiries = new Map<OpenStream, ReturnType<typeof setTimeout>>();

  constructor(private readonly counters: StreamCounters) {}

  /** Tracks `stream`, opened by `call`: until its token expires, when a guard recorded that (`CREDENTIAL_EXPIRES_AT`). */
  track(stream: OpenStream, call: StreamCall | undefined): void {
    this.open.add(stream);
    this.counters.open = this.open.size;
    const expiresAt = call?.stateValue?.(CREDENTIAL_EXPIRES_AT);
    if (typeof expiresAt === 'number') this.expireAt(stream, expiresAt);
  }

  untrack(stream: OpenStream): void {
    if (!this.open.delete(stream)) return;
    this.counters.open = this.open.size;
    const timer = this.expiries.get(stream);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.expiries.delete(stream);
  }

  shutdownAll(): number {
    const streams = [...this.open];
    this.open.clear();
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
    this.counters.open = 0;
    for (const stream of streams) stream.shutdown();
    this.counters.closedAtShutdown += streams.length;
    return streams.length;
  }

  /** @internal Arms (or, past the longest delay, re-arms) `stream`'s expiry. */
  expireAt(stream: OpenStream, at: number): void {
    const timer = setTimeout(expireWhenDue, Math.min(Math.max(0, at - Date.now()), LONGEST_DELAY_MS), this, stream, at);
    (timer as { unref?: () => void }).unref?.();
    this.expiries.set(stream, timer);
  }
}

/** A module-level function, not a closure per stream: the timer carries its arguments. */
function expireWhenDue(streams: OpenStreams, stream: OpenStream, at: number): void {
  if (Date.now() < at) streams.expireAt(stream, at);
  else stream.expire(); // which untracks it
}
