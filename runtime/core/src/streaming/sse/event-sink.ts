/**
 * Where the events of one `@Sse()` stream are written: a Web `ReadableStream` (Deno, in-process
 * calls, any host of `app.fetch`) or Node's `ServerResponse` directly (the framework's own Node
 * server, without a Web stream in between). `pumpEvents` drives either.
 */
export interface EventSink {
  /** Writes one event's text; false once the consumer's buffer is full (then wait for `ready`). */
  write(text: string): boolean;
  /** Resolves once the consumer takes more, or is gone. */
  ready(): Promise<void>;
  /** Ends the stream cleanly (the last chunk of a chunked body). */
  end(): void;
  /** Calls `listener` once when the consumer goes away before `end` (the client disconnected). */
  onGone(listener: (reason: unknown) => void): void;
}
