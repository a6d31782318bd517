/** A stream the application holds open (an `@Sse()` response, a WebSocket). */
export interface OpenStream {
  /** Ends it cleanly because the application shuts down. */
  shutdown(): void;
}

/** What `app.stats()` reports of the streams. */
export interface StreamCounters {
  /** Streams open now. */
  open: number;
  /** Streams the application ended when it shut down (counted over its life). */
  closedAtShutdown: number;
}

/**
 * The streams open at one moment, so that graceful shutdown can end every one of them (an event
 * stream or a socket never ends by itself, so waiting for it would wait for the whole grace
 * period) and count them. A stream is its own entry (no wrapper or closure per stream: an idle
 * connection keeps as little as it can).
 */
export class OpenStreams {
  private readonly open = new Set<OpenStream>();
  private readonly counters: StreamCounters;

  constructor(counters: StreamCounters) {
    this.counters = counters;
  }

  track(stream: OpenStream): void {
    this.open.add(stream);
    this.counters.open = this.open.size;
  }

  /** Removes a stream; idempotent. */
  untrack(stream: OpenStream): void {
    if (this.open.delete(stream)) this.counters.open = this.open.size;
  }

  /** Ends every open stream; returns how many there were. */
  shutdownAll(): number {
    const streams = [...this.open];
    this.open.clear();
    this.counters.open = 0;
    for (const stream of streams) stream.shutdown();
    this.counters.closedAtShutdown += streams.length;
    return streams.length;
  }
}
