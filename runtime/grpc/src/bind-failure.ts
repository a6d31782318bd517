/**
 * grpc-js's default logger writes this line to stderr (through `console.error`) right before it
 * rejects a bind that failed on every address; the rejection says the same, with the cause.
 */
const GRPC_BIND_FAILURE_LINE = 'E No address added out of total';

let quietBinds = 0;
let consoleError: typeof console.error | undefined;

/**
 * Runs `bind` (a grpc-js `bindAsync`) without grpc-js's own stderr line when it fails, so that a
 * port already taken is said once, by the caller's error. Why not another way: grpc-js's logger
 * is process-wide and cannot be read back (only replaced), and trying the port first with a
 * listener of our own would, for a moment, accept connections a balancer already sends there and
 * reset them. Only that one line is held back, only while a bind is under way; a logger set with
 * grpc-js's `setLogger` still receives it.
 *
 * @example
 * const port = await withoutBindFailureLine(() => bindAsync(server, '127.0.0.1:50051', credentials));
 */
export async function withoutBindFailureLine<T>(bind: () => Promise<T>): Promise<T> {
  if (quietBinds++ === 0) {
    const original = (consoleError = console.error);
    console.error = function (this: Console, ...args: unknown[]) {
      if (typeof args[0] === 'string' && args[0].startsWith(GRPC_BIND_FAILURE_LINE)) return;
      original.apply(this, args);
    };
  }
  try {
    return await bind();
  } finally {
    if (--quietBinds === 0) console.error = consoleError!;
  }
}

/**
 * The system error code (`EADDRINUSE`, `EACCES`, `EADDRNOTAVAIL`, …) inside a grpc-js bind
 * error, which carries it only in its message: "… errors: [listen EADDRINUSE: address already in use …]".
 *
 * @example
 * systemCodeOf(new Error('No address added out of total 1 resolved errors: [listen EADDRINUSE: …]')); // 'EADDRINUSE'
 */
export function systemCodeOf(error: Error): string | undefined {
  return /\b(E[A-Z]{3,}):/.exec(error.message)?.[1];
}
