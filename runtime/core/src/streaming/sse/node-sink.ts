import type { EventSink } from './event-sink.js';

/** What the Node sink uses of `http.ServerResponse`, so this file needs no Node types at run time. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  flushHeaders(): void;
  write(chunk: string): boolean;
  end(): unknown;
  cork(): void;
  uncork(): void;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
}

/**
 * An `EventSink` writing straight to Node's `ServerResponse` (the framework's own Node server):
 * no Web stream in between, and the events written in one turn of the event loop leave in one
 * packet (`cork` until the next tick). `write` returning false (the socket's buffer is full) waits
 * for `drain`; the response closing before `end` is the client going away.
 *
 * @example
 * const sink = nodeEventSink(outgoing, { 'content-type': 'text/event-stream' });
 */
export function nodeEventSink(outgoing: NodeResponseLike, headers: Record<string, string | string[]>): EventSink {
  outgoing.writeHead(200, headers);
  // The client learns at once that the stream is open (EventSource's `open`), before any event.
  outgoing.flushHeaders();
  let corked = false;
  const uncork = (): void => {
    if (!corked) return;
    corked = false;
    outgoing.uncork();
  };
  return {
    write(text) {
      if (outgoing.writableEnded || outgoing.destroyed) return true;
      if (!corked) {
        corked = true;
        outgoing.cork();
        process.nextTick(uncork);
      }
      return outgoing.write(text);
    },
    ready: () =>
      new Promise<void>((resolve) => {
        const done = (): void => {
          outgoing.off('drain', done);
          outgoing.off('close', done);
          resolve();
        };
        outgoing.once('drain', done);
        outgoing.once('close', done);
      }),
    end() {
      // Node 24 drops what a corked response still holds when it ends before the uncork.
      uncork();
      if (!outgoing.writableEnded) outgoing.end();
    },
    onGone(listener) {
      outgoing.once('close', () => {
        if (!outgoing.writableEnded) listener(new DOMException('The client closed the event stream.', 'AbortError'));
      });
    },
  };
}
