/** Who an `EventSink` tells that its consumer went away before the end (an `EventPump`). */
export interface SinkWatcher {
  gone(reason: unknown): void;
}

/** Where an `EventPump` writes the events of one `@Sse()` stream: a Web `ReadableStream`, or Node's `ServerResponse`. */
export interface EventSink {
  /** Writes one event's text; false once the consumer's buffer is full (then wait for `ready`). */
  write(text: string): boolean;
  /** Resolves once the consumer takes more, or is gone. */
  ready(): Promise<void>;
  /**
   * Ends the stream cleanly (the last chunk of a chunked body). `atShutdown`: the application is
   * closing, so a client that stopped reading is cut off once it takes nothing for
   * `SHUTDOWN_GRACE_MS` (`cutWhenStalled`) instead of holding the close.
   */
  end(atShutdown?: boolean): void;
  /** Tells `watcher` once when the consumer goes away before `end` (the client disconnected). */
  onGone(watcher: SinkWatcher): void;
}
