/**
 * How long a stream ended by `app.close()` may go without its client taking any of what is left
 * before its connection is cut: a socket's wait for its peer's answer to the 1001 (`ws` alone
 * waits 30 s), an event stream's for its client to read its last bytes. Without it, a client that
 * stopped reading holds the close until `shutdownTimeoutMs`.
 */
export const SHUTDOWN_GRACE_MS = 250;

/**
 * Cuts an ended body whose client stopped reading: every `SHUTDOWN_GRACE_MS`, `pending()` (the
 * bytes still waiting, or undefined once all are gone) must have fallen since the last look, or
 * `cut()` is called. A client still reading, however slowly, gets its last bytes (the drain's
 * `shutdownTimeoutMs` bounds it still). One timer per stream, at shutdown only.
 *
 * @example
 * outgoing.end();
 * cutWhenStalled(() => (outgoing.writableFinished ? undefined : outgoing.writableLength), () => outgoing.destroy());
 */
export function cutWhenStalled(pending: () => number | undefined, cut: () => void): void {
  let last = pending();
  if (last === undefined) return;
  const look = (): void => {
    const now = pending();
    if (now === undefined) return;
    if (now >= last!) return cut();
    last = now;
    later(look);
  };
  later(look);
}

function later(look: () => void): void {
  // Never keeps the process alive (Node's timers have `unref`; a number elsewhere has not).
  (setTimeout(look, SHUTDOWN_GRACE_MS) as { unref?: () => void }).unref?.();
}
