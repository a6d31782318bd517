import type { EventSink, SinkWatcher } from './event-sink.js';

/** What the Node sink uses of `http.ServerResponse`, so this file needs no Node types at run time. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  flushHeaders(): void;
  write(chunk: string): boolean;
  end(): unknown;
  on(event: 'close', listener: () => void): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
}

const WATCHER = Symbol('framework.sse.watcher');
type WatchedResponse = NodeResponseLike & { [WATCHER]?: SinkWatcher };

/** One listener function for every stream (not a closure each): the response it fires on names its watcher. */
function onResponseClose(this: WatchedResponse): void {
  if (!this.writableEnded) this[WATCHER]?.gone(new DOMException('The client closed the event stream.', 'AbortError'));
}

/**
 * An `EventSink` writing straight to Node's `ServerResponse` (the framework's own Node server):
 * no Web stream in between. The events written in one turn of the event loop leave in one packet:
 * Node's response corks its socket at the first write of a turn and uncorks it on the next tick.
 * (Corking the response itself would not add to that, and on Node 22+ it would make its uncork
 * send each event with a system call of its own.) `write` returning false (the socket's buffer is
 * full) waits for `drain`; the response closing before `end` is the client going away.
 *
 * @example
 * const sink = new NodeEventSink(outgoing, { 'content-type': 'text/event-stream' });
 */
export class NodeEventSink implements EventSink {
  constructor(
    readonly outgoing: NodeResponseLike,
    headers: Record<string, string | string[]>,
  ) {
    outgoing.writeHead(200, headers);
    // The client learns at once that the stream is open (EventSource's `open`), before any event.
    outgoing.flushHeaders();
  }

  write(text: string): boolean {
    const { outgoing } = this;
    if (outgoing.writableEnded || outgoing.destroyed) return true;
    return outgoing.write(text);
  }

  ready(): Promise<void> {
    const { outgoing } = this;
    return new Promise<void>((resolve) => {
      const done = (): void => {
        outgoing.off('drain', done);
        outgoing.off('close', done);
        resolve();
      };
      outgoing.once('drain', done);
      outgoing.once('close', done);
    });
  }

  end(): void {
    if (!this.outgoing.writableEnded) this.outgoing.end();
  }

  onGone(watcher: SinkWatcher): void {
    (this.outgoing as WatchedResponse)[WATCHER] = watcher;
    // `on`, not `once`: 'close' comes once, and `once` would wrap the listener per stream.
    this.outgoing.on('close', onResponseClose);
  }
}
