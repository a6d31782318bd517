import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/**
 * What the dev loop tells an app process ({@link spawnApp}): load the entry point; bind the ports;
 * it is being stopped (say when the listening sockets are closed).
 */
export type ToApp = { readonly type: 'run' } | { readonly type: 'listen' } | { readonly type: 'closing' };
/**
 * What an app process tells the loop: its first `listen` waits for its turn (modules loaded, `init`
 * done); being stopped, it has closed its listening sockets (its ports are free).
 */
export type ToLoop = { readonly type: 'waiting' } | { readonly type: 'closed' };

/** One app process of the dev loop, from warm spare to serving app. */
export interface AppChild {
  /**
   * Resolves when the app waits at its first `listen` for its turn, with the milliseconds since
   * its generated files could load ({@link run}, or {@link written} after a run that held them).
   */
  readonly waiting: Promise<number>;
  /** Resolves when the process has ended, with how (`code 1`, `SIGTERM`). */
  readonly exited: Promise<string>;
  /** Whether the process is still running. */
  readonly alive: boolean;
  /**
   * Loads the entry point (the app's modules, its `init`); its `listen` waits for {@link listen}.
   * `holdGenerated` (a process spawned with the generated directory, before a build): the files
   * under it load once {@link written} is called, and the app's other modules meanwhile.
   */
  run(holdGenerated?: boolean): void;
  /** The build wrote the generated files: a run that held them goes on. */
  written(): void;
  /** Lets the app bind its ports, now or as soon as it asks. */
  listen(): void;
  /** SIGTERM, then SIGKILL after `timeoutMs`; resolves once the process has ended. Later calls wait for the first. */
  stop(timeoutMs: number): Promise<void>;
  /**
   * {@link stop}s the app, and resolves as soon as its ports are free: its listening sockets are
   * closed (the first step of a graceful close) or it ended. It answers the requests it has
   * meanwhile, while the next app binds the ports.
   */
  release(timeoutMs: number): Promise<void>;
}

const loader = import.meta.resolve('tsx');
// Built beside this file; under tsx (the compiler's own tests) the source is run.
const preloadJs = new URL('./app-preload.js', import.meta.url);
const preload = fs.existsSync(fileURLToPath(preloadJs)) ? preloadJs.href : new URL('./app-preload.ts', import.meta.url).href;
/** How the preload learns the generated directory whose files a run may hold (removed from the app's environment). */
export const GENERATED_DIR_VARIABLE = 'FRAMEWORK_DEV_GENERATED_DIR';
/** The app process's file descriptor of the pipe that says the generated files may load (after stdin, stdout, stderr and IPC). */
export const GENERATED_PIPE_FD = 4;

/**
 * Whether the entry point runs as an ES module (`.mts`, or `.ts` under a package.json of
 * `"type": "module"`, as an app made by create-framework-app): only the ES module loader's hooks
 * can hold an import of a generated file, a CommonJS `require` would read it at once.
 *
 * @example
 * runsAsModule('src/main.ts', process.cwd()); // true in an app of "type": "module"
 */
export function runsAsModule(entry: string, cwd: string): boolean {
  const file = path.resolve(cwd, entry);
  if (/\.m[jt]s$/.test(file)) return true;
  if (/\.c[jt]s$/.test(file)) return false;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module';
      } catch {
        return false; // Node fails on it too, where its error belongs
      }
    }
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * Starts `node --import tsx <entry>` with the dev loop's preload (app-preload.ts) and an IPC
 * channel, sharing the terminal. The process loads tsx and the framework's packages at once, then
 * waits for {@link AppChild.run}: started ahead of a save, it is a warm spare. tsx is resolved from
 * the compiler's own dependencies, so the app needs none to run `framework-build dev`. With
 * `generatedDir`, a run can hold the app's imports of the files under it until the build has
 * written them (generated-hold.ts; told through one more pipe, {@link GENERATED_PIPE_FD}).
 *
 * @example
 * const next = spawnApp('src/main.ts', process.cwd());
 * next.run();
 * await next.waiting; // loaded and initialised, the old app still answering
 * await old.release(5000); // its ports are free; it ends once its requests are answered
 * next.listen();
 */
export function spawnApp(entry: string, cwd: string, generatedDir?: string): AppChild {
  const child = spawn(process.execPath, ['--enable-source-maps', '--import', loader, '--import', preload, entry], {
    cwd,
    stdio: generatedDir ? ['inherit', 'inherit', 'inherit', 'ipc', 'pipe'] : ['inherit', 'inherit', 'inherit', 'ipc'],
    env: generatedDir ? { ...process.env, [GENERATED_DIR_VARIABLE]: generatedDir } : process.env,
  });
  const generatedPipe = child.stdio[GENERATED_PIPE_FD] as Writable | null | undefined;
  // The process may end before it reads it.
  generatedPipe?.on('error', () => undefined);
  let alive = true;
  let stopping: Promise<void> | undefined;
  const exited = new Promise<string>((resolve) => {
    const ended = (how: string): void => {
      alive = false;
      resolve(how);
    };
    child.once('exit', (code, signal) => ended(signal ?? `code ${code}`));
    child.once('error', (error) => ended(error.message)); // could not start at all
  });
  let ranAt = 0;
  let portsClosed!: () => void;
  const closed = new Promise<void>((resolve) => (portsClosed = resolve));
  const waiting = new Promise<number>((resolve) =>
    child.on('message', (message: ToLoop) => {
      if (message.type === 'waiting') resolve(Math.round(performance.now() - ranAt));
      if (message.type === 'closed') portsClosed();
    }),
  );
  // A process that has just ended cannot be told anything; its `exited` says what happened.
  const send = (message: ToApp): void => void (child.connected && child.send(message, () => undefined));

  return {
    waiting,
    exited,
    get alive() {
      return alive;
    },
    run(holdGenerated = false): void {
      ranAt = performance.now();
      send({ type: 'run' });
      if (!holdGenerated) this.written();
    },
    written(): void {
      ranAt = performance.now();
      if (generatedPipe?.writable) generatedPipe.end('written');
    },
    listen: () => send({ type: 'listen' }),
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
