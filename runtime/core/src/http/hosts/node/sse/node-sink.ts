import type { ServerResponse } from 'node:http';
import { cutWhenStalled } from '../../../streaming/shutdown-grace.js';
import type { SinkWatcher } from '../../../streaming/sse/event-sink.js';

const WATCHER = Symbol('framework.sse.watcher');
type WatchedResponse = ServerResponse & { [WATCHER]?: SinkWatcher };

/** One listener function for every stream (not a closure each): the response it fires on names its watcher. */
function onResponseClose(this: WatchedResponse): void {
  if (!this.writableEnded) this[WATCHER]?.gone(new DOMException('The client closed the event stream.', 'AbortError'));
}

/** Writes one event's text to `outgoing` (nothing once it ended); false once its socket's buffer is full. */
export function writeToResponse(outgoing: ServerResponse, text: string): boolean {
  if (outgoing.writableEnded || outgoing.destroyed) return true;
  return outgoing.write(text);
}

/** Resolves once `outgoing` drained, or closed. */
export function responseReady(outgoing: ServerResponse): Promise<void> {
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

/** Bytes `outgoing` still holds for its client (its own and its socket's), or undefined once they are all handed to the system. */
function pendingBytes(this: ServerResponse): number | undefined {
  return this.writableFinished || this.destroyed ? undefined : this.writableLength;
}

/**
 * Ends `outgoing` (the last chunk of its chunked body), unless it ended. `atShutdown`: cut once its
 * client takes none of what is left for a short grace, so that a client that stopped reading does
 * not hold the server's close until `shutdownTimeoutMs`.
 */
export function endResponse(outgoing: ServerResponse, atShutdown = false): void {
  if (!outgoing.writableEnded) outgoing.end();
  if (atShutdown) cutWhenStalled(pendingBytes.bind(outgoing), () => outgoing.destroy());
}

/** Tells `watcher` when `outgoing` closes before it ended (the client went away). */
export function watchResponse(outgoing: ServerResponse, watcher: SinkWatcher): void {
  // A client that left while the chain ran closed the response before the stream opened: 'close' came already.
  if (outgoing.destroyed && !outgoing.writableEnded) return void queueMicrotask(() => watcher.gone(new DOMException('The client closed the event stream.', 'AbortError')));
  (outgoing as WatchedResponse)[WATCHER] = watcher;
  // `on`, not `once`: 'close' comes once, and `once` would wrap the listener per stream.
  outgoing.on('close', onResponseClose);
}
