/**
 * Milliseconds on a monotonic clock, for durations only (the origin is arbitrary). On Node it
 * reads `process.hrtime()`, which is there from the process's start: the `performance` global is
 * made on first use, and on Node 20 that loads `perf_hooks` (0.7 ms of CPU in a bare process),
 * which `init` would do to time its providers. Elsewhere (Workers, a browser) it is
 * `performance.now()`.
 *
 * @example
 * const started = monotonicMs();
 * await work();
 * const tookMs = monotonicMs() - started;
 */
export const monotonicMs: () => number = hrtimeClock() ?? (() => performance.now());

function hrtimeClock(): (() => number) | undefined {
  const host = (globalThis as { process?: { hrtime?: () => [number, number] } }).process;
  if (typeof host?.hrtime !== 'function') return undefined;
  return () => {
    const [seconds, nanoseconds] = host.hrtime!();
    return seconds * 1e3 + nanoseconds / 1e6;
  };
}
