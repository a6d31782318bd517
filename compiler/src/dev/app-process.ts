import { spawnApp, type AppChild, type AppChildExtras } from './app-child.js';

/** Options of {@link appProcess}. */
export interface AppProcessOptions {
  /** The entry point, a TypeScript file run through tsx (`src/main.ts`). */
  readonly entry: string;
  /** Working directory of the app (where `npm run dev` runs). */
  readonly cwd: string;
  /** Printed lines of the loop itself (`[dev] …`). */
  readonly log: (line: string) => void;
  /** How long a stopping app may take to close before it is killed; default 5000 ms. */
  readonly stopTimeoutMs?: number;
  /**
   * How long the last good app keeps answering while the next one has not reached its `listen`;
   * then it is stopped anyway and the next one binds when it gets there. Default 5000 ms.
   */
  readonly handOverWaitMs?: number;
  /** Variables and a message listener for every app process (the dev dashboard's). */
  readonly extras?: AppChildExtras;
}

/** Where a hand-over's time went, for `--timings`. */
export interface HandOverTimes {
  /** From running the entry point to its first `listen` (modules loaded, `init` done). */
  readonly readyMs: number;
  /**
   * Stopping the last good app until its ports were free (its graceful close closed its listening
   * sockets); it ends meanwhile, once it has answered the requests it had.
   */
  readonly stopMs: number;
}

/** The app run by the dev loop: prepared while the last good one answers, then handed the ports. */
export interface AppProcess {
  /**
   * Starts the next app from the build on disk now, beside the running one: it loads its modules
   * and runs `init`, and its `listen` waits for {@link commit}. Replaces an app prepared earlier.
   */
  prepare(): void;
  /** Discards the prepared app (its build failed the type check); the running one stays. */
  discard(): void;
  /**
   * Hands over to the prepared app (prepared now when none is): once it waits at its `listen`,
   * the running app is stopped and the new one binds. Resolves when it was told to bind, with
   * the times of the hand-over (none when a newer build took its place, or it did not start).
   */
  commit(): Promise<HandOverTimes | undefined>;
  /**
   * Stops the running app, then starts the next one, which binds its ports as soon as it reaches
   * its `listen` (nothing overlaps: `--no-overlap`, and the first start, when no app holds them).
   * Resolves once it is told to run (with nothing when the loop was stopped or a newer switch
   * took its place); its `ready` resolves once it reaches its `listen`, with its times (none when
   * it ended first; never, for an app that does not listen).
   */
  restart(): Promise<{ readonly ready: Promise<HandOverTimes | undefined> } | undefined>;
  /** Starts the warm spare now, if there is none (before the first build: the packages load beside it). */
  warm(): void;
  /** Stops every app process (SIGTERM, then SIGKILL after the timeout); nothing starts afterwards. */
  stop(): Promise<void>;
  /** Whether an app is serving (or starting alone) now. */
  readonly running: boolean;
  /** Sends a message to the serving app (the dev dashboard's); false when none serves. */
  post(message: object): boolean;
}

/**
 * The app processes of `framework-build dev`. A warm spare (tsx and the framework's packages
 * already loaded) waits for each build; a clean build runs its entry point beside the last good
 * app while the types are checked, and the ports change hands only when the check is clean and
 * the new app is initialised: stopping the old process and binding take milliseconds, so a save
 * is served after max(check, start) instead of their sum. An app that ends before its turn is
 * started again alone, after the last good one stopped (as when it takes a fixed resource).
 *
 * @example
 * const app = appProcess({ entry: 'src/main.ts', cwd: process.cwd(), log: console.log });
 * app.prepare();                                   // after a clean build
 * if (typeErrors === 0) await app.commit(); else app.discard();
 */
export function appProcess(options: AppProcessOptions): AppProcess {
  const stopMs = options.stopTimeoutMs ?? 5000;
  const waitMs = options.handOverWaitMs ?? 5000;
  const children = new Set<AppChild>();
  let current: AppChild | undefined;
  let spare: AppChild | undefined;
  let prepared: AppChild | undefined;
  let committed: AppChild | undefined; // handed over to, not serving yet
  // The newest switch asked for (a committed app, or a restart); older queued ones give way to it.
  let latest: object | undefined;
  let switches: Promise<unknown> = Promise.resolve();
  let closed = false;

  const spawn = (): AppChild => {
    const child = spawnApp(options.entry, options.cwd, options.extras);
    children.add(child);
    void child.exited.then(() => children.delete(child));
    return child;
  };
  const takeSpare = (): AppChild => {
    const next = spare?.alive ? spare : spawn();
    spare = undefined;
    return next;
  };
  // Warmed between saves, so the next build starts from loaded packages.
  const keepSpare = (): void => void (!closed && !spare?.alive && (spare = spawn()));

  // An app started beside the last good one may fail on what that one held only once it is
  // handed the ports: an error of a resource opened at module load can arrive after `init`.
  const settleMs = 2000;
  const serve = (next: AppChild, handedOver = false): void => {
    current = next;
    next.showFailure(); // it serves: what ends it is its own error to show
    const servedAt = performance.now();
    next.listen();
    void next.exited.then((how) => {
      if (current !== next) return; // stopped on purpose
      current = undefined;
      if (closed) return;
      if (handedOver && performance.now() - servedAt < settleMs) {
        options.log(`the new app exited while starting (${how}); it starts again alone`);
        void queue({}, startAlone);
        return;
      }
      options.log(`app exited (${how}); it starts again after the next clean build`);
    });
    keepSpare();
  };
  // Apps handed over from that still answer their last requests: an app started alone waits for
  // their end too (it may need what they hold outside their ports).
  const retiring = new Set<Promise<void>>();
  const stopCurrent = async (): Promise<void> => {
    const old = current;
    current = undefined;
    await Promise.all([old?.stop(stopMs), ...retiring]);
  };
  // Only until its ports are free: the next app binds them while this one ends.
  const releaseCurrent = async (): Promise<void> => {
    const old = current;
    current = undefined;
    if (!old) return;
    const released = old.release(stopMs);
    const ended = old.stop(stopMs); // the stop the release began
    retiring.add(ended);
    void ended.then(() => retiring.delete(ended));
    await released;
  };
  const startAlone = async (): Promise<AppChild | undefined> => {
    await stopCurrent();
    if (closed) return undefined;
    const next = takeSpare();
    next.run();
    serve(next);
    return next;
  };
  const queue = <T>(request: object, run: () => Promise<T>): Promise<T | undefined> => {
    latest = request;
    const done = switches.then(() => (closed || latest !== request ? undefined : run()));
    switches = done;
    return done;
  };

  const handOver = async (next: AppChild): Promise<HandOverTimes | undefined> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(waitMs), waitMs)));
    const readyMs = await Promise.race([next.waiting, next.exited.then(() => 0), late]);
    clearTimeout(timer);
    if (closed || latest !== next) return; // a newer build took its place (and stopped it)
    if (!next.alive) {
      const how = await next.exited;
      if (!current) {
        next.showFailure(); // the one report of this build: no other app runs it
        options.log(`app exited (${how}); it starts again after the next clean build`);
        return undefined;
      }
      // Perhaps it needs what the last good app holds (a fixed port opened outside listen, a lock).
      // Started alone, it prints its own error if it fails again.
      options.log(`the new app exited while starting (${how}); the last good app stops and the new one starts alone`);
      await startAlone();
      return undefined;
    }
    const stopping = performance.now();
    await releaseCurrent();
    if (closed || latest !== next) return undefined;
    serve(next, true);
    return { readyMs, stopMs: Math.round(performance.now() - stopping) };
  };

  return {
    prepare(): void {
      if (closed) return;
      void prepared?.stop(stopMs);
      prepared = takeSpare();
      // Its failure is printed only if it is committed: a discarded one was never to serve.
      prepared.run(true);
    },
    discard(): void {
      void prepared?.stop(stopMs);
      prepared = undefined;
      keepSpare();
    },
    commit(): Promise<HandOverTimes | undefined> {
      if (closed) return Promise.resolve(undefined);
      if (!prepared) this.prepare();
      const next = prepared!;
      prepared = undefined;
      // An app committed earlier and not serving yet is superseded by this newer build.
      void committed?.stop(stopMs);
      committed = next;
      return queue(next, () => handOver(next).finally(() => committed === next && (committed = undefined)));
    },
    async restart(): Promise<{ readonly ready: Promise<HandOverTimes | undefined> } | undefined> {
      const stopping = performance.now();
      const next = closed ? undefined : await queue({}, startAlone);
      if (!next) return undefined;
      const stoppedMs = Math.round(performance.now() - stopping);
      // Apart from the switches: an app that never reaches `listen` holds up no later one.
      const ready = Promise.race([next.waiting, next.exited.then(() => undefined)]).then((readyMs) => (readyMs === undefined ? undefined : { readyMs, stopMs: stoppedMs }));
      return { ready };
    },
    warm: keepSpare,
    async stop(): Promise<void> {
      closed = true;
      await Promise.all([...children].map((child) => child.stop(stopMs)));
      await switches;
    },
    get running(): boolean {
      return current?.alive === true;
    },
    post(message: object): boolean {
      if (!current?.alive) return false;
      current.post(message);
      return true;
    },
  };
}
