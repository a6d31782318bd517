import type { EventSink, SinkWatcher } from '../../../streaming/sse/event-sink.js';

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

/** Writes one event's text to `outgoing` (nothing once it ended); false once its socket's buffer is full. */
export function writeToResponse(outgoing: NodeResponseLike, text: string): boolean {
  if (outgoing.writableEnded || outgoing.destroyed) return true;
  return outgoing.write(text);
}

/** Resolves once `outgoing` drained, or closed. */
export function responseReady(outgoing: NodeResponseLike): Promise<void> {
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

/** Ends `outgoing` (the last chunk of its chunked body), unless it ended. */
export function endResponse(outgoing: NodeResponseLike): void {
  if (!outgoing.writableEnded) outgoing.end();
}

/** Tells `watcher` when `outgoing` closes before it ended (the client went away). */
export function watchResponse(outgoing: NodeResponseLike, watcher: SinkWatcher): void {
  (outgoing as WatchedResponse)[WATCHER] = watcher;
  // `on`, not `once`: 'close' comes once, and `once` would wrap the listener per stream.
  outgoing.on('close', onResponseClose);
}

/** Sends the head of an event stream at once: the client learns that it is open (EventSource's `open`) before any event. */
export function openEventStream(outgoing: NodeResponseLike, headers: Record<string, string | string[]>): void {
  outgoing.writeHead(200, headers);
  outgoing.flushHeaders();
}

/**
 * An `EventSink` writing straight to Node's `ServerResponse`: no Web stream in between. The events
 * written in one turn of the event loop leave in one packet: Node's response corks its socket at
 * the first write of a turn and uncorks it on the next tick. (Corking the response itself would not
 * add to that, and on Node 22+ it would make its uncork send each event with a system call of its
 * own.) `write` returning false (the socket's buffer is full) waits for `drain`; the response
 * closing before `end` is the client going away. The framework's own server has its call be the
 * sink instead (one object less per stream), through the same functions.
 *
 * @example
 * const sink = new NodeEventSink(outgoing, { 'content-type': 'text/event-stream' });
 */
export class NodeEventSink implements EventSink {
  constructor(
    readonly outgoing: NodeResponseLike,
    headers: Record<string, string | string[]>,
  ) {
    openEventStream(outgoing, headers);
  }

  write(text: string): boolean {
    return writeToResponse(this.outgoing, text);
  }

  ready(): Promise<void> {
    return responseReady(this.outgoing);
  }

  end(): void {
    endResponse(this.outgoing);
  }

  onGone(watcher: SinkWatcher): void {
    watchResponse(this.outgoing, watcher);
  }
}
