// What the dev loop's suites share: a copy of the todo example to edit, `framework-build dev` run
// on it (real child processes), atomic saves, and probes of the apps it starts. Linux: the loop's
// app processes are read from /proc.
import fs from 'node:fs';
import path from 'node:path';
import { launch, type LaunchedServer } from '../launch.js';
import { ROOT, TMP } from './helpers.js';

/** A copy of the todo example, with the files its imports and tsconfig reach. */
export interface ExampleCopy {
  readonly dir: string;
  /** Its `examples/todo/src`. */
  readonly src: string;
  /** `src/health/health.controller.ts`, the file the suites edit, and its text as copied. */
  readonly health: string;
  readonly original: string;
  remove(): void;
}

/**
 * Copies the todo example under test/.tmp (one folder per suite and process).
 *
 * @example
 * const example = copyExample('dev-loop'); … example.remove();
 */
export function copyExample(name: string): ExampleCopy {
  const dir = path.join(TMP, `${name}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'examples'), { recursive: true });
  // The example's imports and tsconfig reach ../../generated/todo and ../../tsconfig.base.json.
  fs.cpSync(path.join(ROOT, 'examples/todo'), path.join(dir, 'examples/todo'), { recursive: true, filter: (from) => path.basename(from) !== 'dist' });
  // The example's Worker entry (src/worker.ts, type-checked with the rest) imports these tables.
  fs.cpSync(path.join(ROOT, 'generated/todo-worker'), path.join(dir, 'generated/todo-worker'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  const src = path.join(dir, 'examples/todo/src');
  const health = path.join(src, 'health/health.controller.ts');
  return { dir, src, health, original: fs.readFileSync(health, 'utf8'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Writes `text` to a temporary file beside `file` and renames it over `file`, as editors save. */
export function atomicSave(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

// The first build and full type check of a cold process, on a machine busy with other suites.
const FIRST_START_MS = 120_000;

/** `framework-build dev` on the copy, run from the example's folder as `npm run dev` runs in an app's (tsx reads its tsconfig.json). */
export function startLoop(example: ExampleCopy, flags: readonly string[] = [], env: Record<string, string> = {}): Promise<LaunchedServer> {
  const args = ['--import', 'tsx', path.join(ROOT, 'compiler/src/cli.ts'), 'dev', 'src', '--out', '../../generated/todo', '--entry', 'src/main.ts', '--dashboard-port', '0', ...flags];
  return launch(process.execPath, args, {
    cwd: path.dirname(example.src),
    env: { JWT_SECRET: 'dev-loop-handoff-test-secret-32-bytes-long', LOG_LEVEL: 'warn', ...env },
    readyWithinMs: FIRST_START_MS,
  });
}

const READY = /HTTP on http:\/\/[^:/\s]+:(\d+)/g;

/** The port of the app started last by the loop (each start listens on a new port 0). */
export const latestPort = (loop: LaunchedServer): string => [...loop.output().matchAll(READY)].at(-1)![1]!;

/** The `status` the health route answers on `port`, or undefined when nothing listens there. */
export async function status(port: string): Promise<string | undefined> {
  try {
    return ((await (await fetch(`http://127.0.0.1:${port}/health/`)).json()) as { status?: string }).status;
  } catch {
    return undefined; // not listening (any more)
  }
}

/** Polls `probe` every 25 ms until it gives a value; fails with the loop's output after `limitMs`. */
export async function until<T>(what: string, loop: LaunchedServer, probe: () => T | Promise<T>, limitMs = 60_000): Promise<NonNullable<T>> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (performance.now() - started > limitMs) throw new Error(`${what} not within ${limitMs} ms; dev output:\n${loop.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The living app processes whose parent is `pid` (from /proc): those started with the dev loop's
 * preload. Other children (the esbuild service tsx may start to compile the loop's own sources
 * under test) are not apps.
 */
export function childrenOf(pid: number): number[] {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((name) => {
    try {
      // pid (comm) state ppid …: the name may hold spaces and parentheses, the rest follows the last ')'.
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== pid || state === 'Z') return [];
      return fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('app-preload') ? [Number(name)] : [];
    } catch {
      return []; // ended meanwhile
    }
  });
}

/** Whether process `pid` runs (not ended, not a zombie). */
export const alive = (pid: number): boolean => fs.existsSync(`/proc/${pid}`) && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
