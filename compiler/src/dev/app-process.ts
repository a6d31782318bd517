import { spawn, type ChildProcess } from 'node:child_process';

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
}

/** The app run by the dev loop: started, restarted after a clean build, stopped on exit. */
export interface AppProcess {
  /** Stops the running app (if any), then starts it anew. Calls made meanwhile collapse into one. */
  restart(): Promise<void>;
  /** Stops the app for good: SIGTERM, then SIGKILL after the timeout; a restart under way starts nothing. */
  stop(): Promise<void>;
  /** Whether an app process is running now. */
  readonly running: boolean;
}

/**
 * Runs `node --import tsx <entry>` as a child sharing the terminal. tsx is resolved from the
 * compiler's own dependencies, so the app needs none to run `framework-build dev`. The old process
 * is stopped (and its port released) before the new one starts.
 *
 * @example
 * const app = appProcess({ entry: 'src/main.ts', cwd: process.cwd(), log: console.log });
 * await app.restart(); // after each clean build
 */
export function appProcess(options: AppProcessOptions): AppProcess {
  const loader = import.meta.resolve('tsx');
  let child: ChildProcess | undefined;
  let pending: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const start = (): void => {
    const started = spawn(process.execPath, ['--enable-source-maps', '--import', loader, options.entry], { cwd: options.cwd, stdio: 'inherit', env: process.env });
    child = started;
    started.once('exit', (code, signal) => {
      if (child !== started) return; // stopped on purpose
      child = undefined;
      options.log(`app exited (${signal ?? `code ${code}`}); it starts again after the next clean build`);
    });
  };

  const stopChild = async (): Promise<void> => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    child = undefined;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    current.kill('SIGTERM');
    const timer = setTimeout(() => current.kill('SIGKILL'), options.stopTimeoutMs ?? 5000);
    await exited;
    clearTimeout(timer);
  };

  const cycle = async (): Promise<void> => {
    do {
      again = false;
      await stopChild();
      // Stopped for good while the old app was ending: no new one outlives the loop.
      if (!closed) start();
    } while (again && !closed);
  };

  return {
    restart(): Promise<void> {
      if (closed) return Promise.resolve();
      // A build finishing during a restart asks for one more, not for two processes.
      if (pending) {
        again = true;
        return pending;
      }
      pending = cycle().finally(() => (pending = undefined));
      return pending;
    },
    async stop(): Promise<void> {
      closed = true;
      await pending;
      await stopChild();
    },
    get running(): boolean {
      return child !== undefined;
    },
  };
}
