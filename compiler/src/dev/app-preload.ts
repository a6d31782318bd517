/**
 * Runs first in every app process of the dev loop (`node --import tsx --import <this> src/main.ts`),
 * before the app's entry point. It makes the process a warm spare and holds it at two points:
 *
 * 1. Before the entry: it loads the framework's packages (the slow part of a start, the same for
 *    every build) and waits for `run`; the entry point, the app's own modules, loads after it.
 * 2. At the first `listen` (HTTP or gRPC): the framework's servers await the function installed
 *    here under `Symbol.for('framework.dev.listenTurn')` (runtime/core's `listenTurn`), which says
 *    `waiting` to the loop and resolves on `listen`, once the last good app has freed its ports.
 *
 * After `listen` the IPC channel no longer keeps the process alive, and the app lives on as any
 * process started by a shell; the loop uses it once more to stop the app (`closing`): the preload
 * says `closed` as soon as the app's graceful close has closed its listening sockets, so the next
 * app binds the ports while this one ends. Should the loop die first, a process still waiting
 * exits with it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import type { ToApp, ToLoop } from './app-child.js';

/**
 * What a start of a framework app loads, whatever the save: the framework and class-validator (its
 * peer, which DTOs import). None has side effects an app's own code could need to precede. The
 * app's own modules, and its other packages, load after `run`.
 */
const WARM_PACKAGES = ['@framework/core', '@framework/core/config', '@framework/core/validators', '@framework/grpc', 'class-validator'];
/**
 * What those load only when an app uses it (protobufjs, once the gRPC runtime reads a `.proto`;
 * pino, once an app logs its requests), resolved from the package that imports it: the same file,
 * so the app finds it loaded.
 */
const WARM_LAZY_DEPENDENCIES: readonly (readonly [from: string, name: string])[] = [
  ['@framework/grpc', 'protobufjs'],
  ['@framework/core', 'pino'],
];

// Once `listen` closed the channel there is no one to tell.
// The dev dashboard's in-app exporter, before anything the app loads: only when the loop serves one.
const dashboard = process.env.FRAMEWORK_DEV_DASHBOARD === '1' ? await import('./dashboard/app-side/app-side.js') : undefined;
dashboard?.startAppSide();

const send = (message: ToLoop): void => void (process.connected && process.send?.(message));
let givenRun!: () => void;
// When `run` came: the time to `listen` is measured here, where a busy loop cannot stretch it.
let ranAt = 0;
let givenListen!: () => void;
const runGiven = new Promise<void>((resolve) => (givenRun = resolve));
const listenGiven = new Promise<void>((resolve) => (givenListen = resolve));
const loopGone = (): never => process.exit(0);

/**
 * Run `held` (beside a type check that may discard this app), an uncaught error before its turn
 * (Node failing to link an import the check reports too, a throw in `init`) is told to the loop,
 * which prints it only if the app was to serve, and ends the process as Node would. An app with a
 * listener of its own handles its errors itself.
 */
const failHeld = (error: unknown): void => {
  if (process.listenerCount('uncaughtException') > 1) return;
  process.off('uncaughtException', failHeld);
  process.exitCode = 1;
  if (!process.connected) process.exit(1);
  process.send?.({ type: 'failed', text: `${inspect(error)}\n` } satisfies ToLoop, () => process.exit(1));
};

// Listening from the first line: a message with no listener yet would be lost.
const onMessage = (message: ToApp): void => {
  if (message.type === 'run') {
    ranAt = performance.now();
    if (message.held) process.on('uncaughtException', failHeld);
    givenRun();
  }
  if (message.type === 'listen') {
    process.off('uncaughtException', failHeld);
    givenListen();
    dashboard?.reportAddressWhenListening();
    process.off('disconnect', loopGone);
    process.channel?.unref();
  }
  if (message.type === 'closing') {
    process.off('message', onMessage);
    whenPortsClosed(() => {
      send({ type: 'closed' });
      // After this message is sent: Node fails when the channel closes amid a batch of messages.
      setImmediate(() => process.connected && process.disconnect());
    });
  }
};
process.on('message', onMessage);
process.on('disconnect', loopGone);

let asked = false;
(globalThis as Record<symbol, unknown>)[Symbol.for('framework.dev.listenTurn')] = (): Promise<void> => {
  if (!asked) {
    asked = true;
    send({ type: 'waiting', readyMs: Math.round(performance.now() - ranAt) });
  }
  return listenGiven;
};

// Resolved from the entry point, as the app's own imports are: the same files, loaded once. These
// packages have one file per subpath for every condition (or no `exports`), so require's
// resolution is import's.
const resolveFromApp = createRequire(path.resolve(process.argv[1] ?? 'main.ts'));
const resolved = (resolver: NodeRequire, name: string): string | undefined => {
  try {
    return resolver.resolve(name);
  } catch {
    return undefined; // not a dependency of this app
  }
};
const warm = [
  ...WARM_PACKAGES.map((name) => resolved(resolveFromApp, name)),
  ...WARM_LAZY_DEPENDENCIES.map(([from, name]) => {
    const importer = resolved(resolveFromApp, from);
    return importer && resolved(createRequire(importer), name);
  }),
];
for (const file of warm) {
  // One that fails to load fails again in the app's own import, where its error belongs.
  if (file) await import(pathToFileURL(file).href).catch(() => undefined);
}
await runGiven;

/**
 * Calls `then` once the process has no listening socket left (TCP or pipe servers: the app's ports),
 * looked at every millisecond; never, where Node cannot tell (the loop then waits for the exit).
 */
function whenPortsClosed(then: () => void): void {
  if (typeof process.getActiveResourcesInfo !== 'function') return;
  const listening = (): boolean => process.getActiveResourcesInfo().some((kind) => kind === 'TCPServerWrap' || kind === 'PipeServerWrap');
  if (!listening()) return then();
  const timer = setInterval(() => {
    if (listening()) return;
    clearInterval(timer);
    then();
  }, 1);
  timer.unref();
}
