/** A stream the application holds open (an `@Sse()` response, a WebSocket). */
export interface OpenStream {
  /** Ends it cleanly because the application shuts down. */
  shutdown(): void;
}

/** What a stream needs of the call it belongs to (a `PipelineCall`). */
export interface StreamCall {
  /** Aborts `context.signal`, so work the handler started for the stream stops. */
  abort(reason?: unknown): void;
  /** Set when the stream is over, so that a late cancellation aborts nothing. */
  answered: boolean;
}

/** What `app.stats()` reports of the streams. */
export interface StreamCounters {
  open: number;
  /** Streams the application ended when it shut down (counted over its life). */
  closedAtShutdown: number;
}

/**
 * The streams open at one moment, so that graceful shutdown can end every one of them (a stream
 * never ends by itself) and count them; a stream is its own entry (no wrapper per stream).
 */
export class OpenStreams {
  private readonly open = new Set<OpenStream>();

  constructor(private readonly counters: StreamCounters) {}

  track(stream: OpenStream): void {
    this.open.add(stream);
    this.counters.open = this.open.size;
  }

  untrack(stream: OpenStream): void {
    if (this.open.delete(stream)) this.counters.open = this.open.size;
  }

  shutdownAll(): number {
    const streams = [...this.open];
    this.open.clear();
    this.counters.open = 0;
    for (const stream of streams) stream.shutdown();
    this.counters.closedAtShutdown += streams.length;
    return streams.length;
  }
}
