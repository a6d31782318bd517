import { cutWhenStalled } from '../../../streaming/shutdown-grace.js';
import type { EventSink, SinkWatcher } from '../../../streaming/sse/event-sink.js';
import { cutAnswer } from './answer-cut.js';

const HIGH_WATER_MARK = 16 * 1024;
const CUT_MESSAGE = 'An event stream whose client stopped reading was cut at shutdown.';

/**
 * An `EventSink` whose events become a Web `Response`'s body, buffering 16 KiB at most for a slow
 * reader; `bindings` (what the host passed beside the request) say how to cut its connection.
 */
export function webEventSink(bindings?: unknown): { body: ReadableStream<Uint8Array>; sink: EventSink & { write(chunk: string | Uint8Array): boolean } } {
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
    end(atShutdown) {
      if (closed) return;
      closed = true;
      controller.close();
      wakeUp();
      // The queue the host reads from shrinks while its client reads. A host blocked writing to a
      // stalled connection does not read on, so erroring the stream (a no-op once it was read
      // whole) cuts only where the host has no cut of its own to offer and reads on (Deno has
      // neither: its connection is held until shutdownTimeoutMs).
      if (atShutdown) cutWhenStalled(() => queued(controller), () => void (cutAnswer(bindings) || controller.error(new Error(CUT_MESSAGE))));
    },
    onGone(listener) {
      watcher = listener;
    },
  };
  return { body, sink };
}

/** Bytes in the queue the host reads from (a closed stream counts as full: erroring it does nothing), undefined once errored. */
function queued(controller: ReadableStreamDefaultController<Uint8Array>): number | undefined {
  const room = controller.desiredSize;
  return room === null ? undefined : HIGH_WATER_MARK - room;
}
