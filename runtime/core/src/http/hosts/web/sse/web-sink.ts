import type { EventSink, SinkWatcher } from '../../../streaming/sse/event-sink.js';

const HIGH_WATER_MARK = 16 * 1024;

/** An `EventSink` whose events become a Web `Response`'s body, buffering 16 KiB at most for a slow reader. */
export function webEventSink(): { body: ReadableStream<Uint8Array>; sink: EventSink & { write(chunk: string | Uint8Array): boolean } } {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let wake: (() => void) | undefined;
  let watcher: SinkWatcher | undefined;
  let closed = false;
  const wakeUp = (): void => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull: wakeUp,
      cancel(reason) {
        closed = true;
        watcher?.gone(reason);
        wakeUp();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
  const sink: EventSink & { write(chunk: string | Uint8Array): boolean } = {
    // Bytes as they are: an event stream compressed per event (encoding/event-stream-encoding.ts).
    write(text) {
      if (closed) return true;
      controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
      return (controller.desiredSize ?? 0) > 0;
    },
    ready: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve))),
    end() {
      if (closed) return;
      closed = true;
      controller.close();
      wakeUp();
    },
    onGone(listener) {
      watcher = listener;
    },
  };
  return { body, sink };
}
