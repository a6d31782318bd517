/**
 * The dev loop's hand-off between two app processes (`framework-build dev`). The loop starts the
 * next app while the last good one still answers: the new process loads its modules and runs
 * `init`, and its first `listen` waits here until the loop has stopped the old process and its
 * ports are free. The loop's preload module (run with `--import` in that process only) installs
 * the waiting function under this global symbol; anywhere else nothing is installed and `listen`
 * binds at once, so production never waits.
 */
const LISTEN_TURN = Symbol.for('framework.dev.listenTurn');

/**
 * Resolves when this process may bind its ports: at once, unless the dev loop installed a turn.
 * Every server `listen` of the framework (HTTP and gRPC) awaits it before binding.
 *
 * @example
 * await listenTurn(); // the dev loop's go, or nothing to wait for
 * server.listen(port);
 */
export function listenTurn(): Promise<void> {
  const turn = (globalThis as Record<symbol, unknown>)[LISTEN_TURN];
  return typeof turn === 'function' ? Promise.resolve((turn as () => unknown)()).then(() => undefined) : Promise.resolve();
}
