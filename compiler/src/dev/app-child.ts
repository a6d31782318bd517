import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What the dev loop tells an app process ({@link spawnApp}): load the entry point (`held`: an
 * error that ends it before its turn is told, not printed); bind the ports; it is being stopped
 * (say when the listening sockets are closed).
 */
export type ToApp = { readonly type: 'run'; readonly held?: boolean } | { readonly type: 'listen' } | { readonly type: 'closing' };
/**
 * What an app process tells the loop: its first `listen` waits for its turn (modules loaded, `init`
 * done); being stopped, it has closed its listening sockets (its ports are free); run `held`, it
 * ends before its turn on an uncaught error (its text as Node would print it, the loop prints it or not).
 */
export type ToLoop = { readonly type: 'waiting'; readonly readyMs?: number } | { readonly type: 'closed' } | { readonly type: 'failed'; readonly text: string };

/** One app process of the dev loop, from warm spare to serving app. */
export interface AppChild {
  /** Resolves when the app waits at its first `listen` for its turn, with the milliseconds since {@link run}. */
  readonly waiting: Promise<number>;
  /** Resolves when the process has ended, with how (`code 1`, `SIGTERM`). */
  readonly exited: Promise<string>;
  /** Whether the process is still running. */
  readonly alive: boolean;
  /**
   * Loads the entry point (the app's modules, its `init`); its `listen` waits for {@link listen}.
   * `held`: an uncaught error that ends it before its turn is kept, and printed only by
   * {@link showFailure} (an app prepared beside a type check, discarded when the check fails,
   * would otherwise print a stack beside the check's own diagnostic of the same mistake).
   */
  run(held?: boolean): void;
  /** Prints the error that ended a held app, now or when it comes. */
  showFailure(): void;
  /** Lets the app bind its ports, now or as soon as it asks. */
  listen(): void;
  /** Sends a message of someone else's (the dev dashboard's) over the IPC channel, while it is open. */
  post(message: object): void;
  /** SIGTERM, then SIGKILL after `timeoutMs`; resolves once the process has ended. Later calls wait for the first. */
  stop(timeoutMs: number): Promise<void>;
  /**
   * {@link stop}s the app, and resolves as soon as its ports are free: its listening sockets are
   * closed (the first step of a graceful close) or it ended. It answers the requests it has
   * meanwhile, while the next app binds the ports.
   */
  release(timeoutMs: number): Promise<void>;
}

/** What else the loop gives an app process: variables (the dashboard's), and a listener of its other messages (its spans, and `dashboard:exited` when it ends). */
export interface AppChildExtras {
  readonly env?: Readonly<Record<string, string>>;
  readonly onMessage?: (message: unknown) => void;
}

const loader = import.meta.resolve('tsx');
// Built beside this file; under tsx (the compiler's own tests) the source is run.
const preloadJs = new URL('./app-preload.js', import.meta.url);
const preload = fs.existsSync(fileURLToPath(preloadJs)) ? preloadJs.href : new URL('./app-preload.ts', import.meta.url).href;

/**
 * Starts `node --import tsx <entry>` with the dev loop's preload (app-preload.ts) and an IPC
 * channel, sharing the terminal. The process loads tsx and the framework's packages at once, then
 * waits for {@link AppChild.run}: started ahead of a save, it is a warm spare. tsx is resolved from
 * the compiler's own dependencies, so the app needs none to run `framework-build dev`.
 *
 * @example
 * const next = spawnApp('src/main.ts', process.cwd());
 * next.run();
 * await next.waiting; // loaded and initialised, the old app still answering
 * await old.release(5000); // its ports are free; it ends once its requests are answered
 * next.listen();
 */
export function spawnApp(entry: string, cwd: string, extra: AppChildExtras = {}): AppChild {
  const child = spawn(process.execPath, ['--enable-source-maps', '--import', loader, '--import', preload, entry], {
    cwd,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: extra.env ? { ...process.env, ...extra.env } : process.env,
  });
  if (extra.onMessage) child.on('message', extra.onMessage);
  let alive = true;
  let stopping: Promise<void> | undefined;
  const exited = new Promise<string>((resolve) => {
    const ended = (how: string): void => {
      alive = false;
      resolve(how);
    };
    child.once('exit', (code, signal) => {
      ended(signal ?? `code ${code}`);
      // The dashboard forgets the address this process served on (it cannot say so itself).
      if (child.pid !== undefined) extra.onMessage?.({ type: 'dashboard:exited', pid: child.pid });
    });
    child.once('error', (error) => ended(error.message)); // could not start at all
  });
  let ranAt = 0;
  let portsClosed!: () => void;
  const closed = new Promise<void>((resolve) => (portsClosed = resolve));
  let failure = '';
  let showFailures = false;
  const waiting = new Promise<number>((resolve) =>
    child.on('message', (message: ToLoop) => {
      // As the app measured it: the loop may read the message late (the first type check holds its thread).
      if (message.type === 'waiting') resolve(message.readyMs ?? Math.round(performance.now() - ranAt));
      if (message.type === 'closed') portsClosed();
      if (message.type === 'failed') {
        failure += message.text;
        if (showFailures) showFailure();
      }
    }),
  );
  const showFailure = (): void => {
    showFailures = true;
    if (failure) process.stderr.write(failure);
    failure = '';
  };
  // A process that has just ended cannot be told anything; its `exited` says what happened.
  const send = (message: ToApp): void => void (child.connected && child.send(message, () => undefined));

  return {
    waiting,
    exited,
    get alive() {
      return alive;
    },
    run(held = false): void {
      ranAt = performance.now();
      send({ type: 'run', held });
    },
    showFailure,
    listen: () => send({ type: 'listen' }),
    post: (message: object) => void (child.connected && child.send(message, () => undefined)),
    release(timeoutMs: number): Promise<void> {
      send({ type: 'closing' });
      return Promise.race([closed, this.stop(timeoutMs)]);
    },
    stop(timeoutMs: number): Promise<void> {
      // Once: a second SIGTERM would cut short the graceful close the first one began.
      stopping ??= (async () => {
        if (!alive) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
