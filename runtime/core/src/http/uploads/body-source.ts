/**
 * A request body as the form reader consumes it: chunks pushed to a sink, with back-pressure
 * (`pause`/`resume`) and a way to stop reading at once (`stop`). Host-neutral: `streamSource`
 * takes a Web `ReadableStream` or any async iterable of chunks.
 */
export interface BodySource {
  /** Starts the flow of chunks into `sink`; called once. */
  start(sink: BodySink): void;
  pause(): void;
  resume(): void;
  /** Stops reading for good (a limit crossed, a malformed body): nothing more reaches the sink. */
  stop(): void;
}

/** Where a body's chunks go. */
export interface BodySink {
  chunk(chunk: Uint8Array): void;
  end(): void;
  /** The body could not be read to its end: the client went away or reset the connection. */
  fail(cause: unknown): void;
}

/**
 * A Web `ReadableStream`'s (or any async iterable's) chunks, pulled one at a time while not paused.
 *
 * @example
 * reader.read(streamSource(request.body), request.headers.get('content-type') ?? undefined, undefined);
 */
export function streamSource(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null): BodySource {
  let paused = false;
  let stopped = false;
  let wake: (() => void) | undefined;
  let iterator: AsyncIterator<Uint8Array> | undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const next = (): Promise<IteratorResult<Uint8Array>> => (reader ? (reader.read() as Promise<IteratorResult<Uint8Array>>) : iterator!.next());
  return {
    start(sink) {
      if (stream === null) return queueMicrotask(() => sink.end());
      if (typeof (stream as ReadableStream).getReader === 'function') reader = (stream as ReadableStream<Uint8Array>).getReader();
      else iterator = (stream as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
      void (async () => {
        try {
          for (;;) {
            if (paused) await new Promise<void>((resolve) => (wake = resolve));
            if (stopped) return;
            const { done, value } = await next();
            if (stopped) return;
            if (done) return sink.end();
            sink.chunk(value);
          }
        } catch (error) {
          if (!stopped) sink.fail(error);
        }
      })();
    },
    pause: () => void (paused = true),
    resume() {
      paused = false;
      wake?.();
      wake = undefined;
    },
    stop() {
      stopped = true;
      wake?.();
      void reader?.cancel().catch(() => undefined);
      void iterator?.return?.().catch(() => undefined);
    },
  };
}
