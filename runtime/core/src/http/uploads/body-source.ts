/**
 * A request body as the form reader consumes it: chunks pushed to a sink, with back-pressure
 * (`pause`/`resume`) and a way to stop reading at once (`stop`). Host-neutral: the adapters below
 * take a Node `Readable` (by its event methods only) or a Web `ReadableStream`, or any async
 * iterable of chunks; the HTTP pipeline's port will hand its body stream to the same reader.
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

/** The event methods of a Node `Readable` (an `IncomingMessage`) that `readableSource` uses. */
export interface EventReadable {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeAllListeners(event: 'data'): unknown;
  pause(): unknown;
  resume(): unknown;
  readonly complete?: boolean;
  readonly readableEnded?: boolean;
}

/**
 * A Node `Readable`'s chunks. `stop` pauses it and lets go of its data without destroying it, so
 * that the server can still write its answer on the connection (which it then closes).
 *
 * @example
 * reader.read(readableSource(incoming), incoming.headers['content-type'], incoming.headers['content-length']);
 */
export function readableSource(readable: EventReadable): BodySource {
  let stopped = false;
  return {
    start(sink) {
      let ended = false;
      readable.on('data', (chunk) => {
        if (!stopped) sink.chunk(chunk);
      });
      readable.on('end', () => {
        ended = true;
        if (!stopped) sink.end();
      });
      readable.on('error', (error) => {
        if (!stopped) sink.fail(error);
      });
      readable.on('close', () => {
        // An `IncomingMessage` closes without ending when its client goes away mid-body.
        if (!stopped && !ended && readable.complete !== true) sink.fail(new Error('the client closed the connection before the body ended'));
      });
      readable.resume();
    },
    pause: () => void readable.pause(),
    resume: () => {
      if (!stopped) readable.resume();
    },
    stop() {
      stopped = true;
      readable.pause();
      readable.removeAllListeners('data');
    },
  };
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
