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
  /** Ended at shutdown while the queue was full: closed once the host reads from it again. */
  let closeWhenRead = false;
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
      pull() {
        if (closeWhenRead) {
          closeWhenRead = false;
          controller.close();
        }
        wakeUp();
      },
      cancel(reason) {
        closed = true;
        closeWhenRead = false;
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
      wakeUp();
      if (!atShutdown || (controller.desiredSize ?? 0) > 0) return controller.close();
      // The host stopped reading the full queue (its client stopped reading, or is slow): closed
      // once it reads again, cut if it takes nothing for the grace. The host's own cut first
      // (Bun's, @hono/node-server's response); else the stream is errored, which a host reading on
      // sees (Deno, blocked writing to the stalled connection, does not: it holds it until
      // shutdownTimeoutMs).
      closeWhenRead = true;
      const queued = (): number | undefined => (closeWhenRead ? HIGH_WATER_MARK - (controller.desiredSize ?? 0) : undefined);
      cutWhenStalled(queued, () => void (cutAnswer(bindings) || controller.error(new Error(CUT_MESSAGE))));
    },
    onGone(listener) {
      watcher = listener;
    },
  };
  return { body, sink };
}
