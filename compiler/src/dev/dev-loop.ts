import fs from 'node:fs';
import path from 'node:path';
import type { Builder, BuildResult } from '../builder/build-options.js';
import { watchSources } from '../builder/watch.js';
import { displayPath } from '../files/file-paths.js';
import { appProcess, type HandOverTimes } from './app-process.js';
import { startDashboard } from './dashboard/dashboard.js';
import { typeChecker, type TypeCheckResult } from './type-check.js';

/** `2 type errors (checked in 140 ms)` */
const typeErrors = (checked: TypeCheckResult): string => `${checked.errors} type error${checked.errors === 1 ? '' : 's'} (checked in ${checked.ms} ms)`;

/** Options of {@link runDevLoop}. */
export interface DevLoopOptions {
  /** The builder of the app's sources (`framework-build dev <srcDir>`). */
  readonly builder: Builder;
  /** The entry point run after each clean build, relative to `cwd`. */
  readonly entry: string;
  readonly cwd: string;
  /** Writes the tables and prints the diagnostics of a build (the CLI's usual output). */
  readonly show: (result: BuildResult) => void;
  /** The loop's own lines; default `[dev] …` on stdout. */
  readonly log?: (line: string) => void;
  /**
   * Type-check the project (its tsconfig.json) after each clean build and restart only when it
   * has no errors; default true. Off, a type error restarts the app (tsx does not check types).
   */
  readonly typeCheck?: boolean;
  /** Where the type errors are printed; default stdout. */
  readonly write?: (text: string) => void;
  /**
   * Start the next app beside the last good one while the types are checked, and hand the ports
   * over when it is ready; default true. Off (`--no-overlap`), the old app stops before the next
   * one starts: for an app whose start takes what only one process can hold (a fixed port opened
   * outside `listen`, a lock file).
   */
  readonly overlap?: boolean;
  /** Print where each restart's time went (build, check, the new app's start, the old one's stop); default false. */
  readonly timings?: boolean;
  /** The dev dashboard's port on 127.0.0.1 (default 9400; 0: any free port), or false for none (`--no-dashboard`). */
  readonly dashboard?: number | false;
}

/**
 * `framework-build dev`: builds the tables, starts the app (its first whole type check runs beside
 * it, and reports while it serves), then on every change of a source or
 * `.proto` file rebuilds, type-checks the project incrementally, prints the diagnostics of both and
 * restarts the app when both are clean. A build with errors or a type error keeps the running app
 * (the last good one). The next app loads and initialises while the check runs, and takes the
 * ports only once it is clean (see appProcess). Ends the app when the loop ends (SIGINT, SIGTERM).
 *
 * @example
 * runDevLoop({ builder: createBuilder({ srcDir: 'src', outDir: 'generated' }), entry: 'src/main.ts', cwd, show });
 */
export function runDevLoop(options: DevLoopOptions): { close(): Promise<void> } {
  const log = options.log ?? ((line: string) => void process.stdout.write(`[dev] ${line}\n`));
  if (!fs.existsSync(path.resolve(options.cwd, options.entry))) {
    throw new Error(`the entry point ${options.entry} does not exist; pass the file that starts the app with --entry.`);
  }
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  const dashboard = options.dashboard === false ? undefined : startDashboard({ port: options.dashboard ?? 9400, cwd: options.cwd });
  void dashboard?.started.then((started) => log('url' in started ? `dashboard: ${started.url}` : started.error));
  const app = appProcess({ entry: options.entry, cwd: options.cwd, log, ...(dashboard ? { extras: { env: dashboard.appEnv, onMessage: dashboard.fromApp } } : {}) });
  dashboard?.connect((message) => app.post(message));
  const overlap = options.overlap !== false;
  const tsconfig = options.builder.tsconfig;
  const types = options.typeCheck !== false && tsconfig ? typeChecker(tsconfig, options.cwd) : undefined;
  if (options.typeCheck !== false && !tsconfig) log('no tsconfig.json found: types are not checked (tsx runs the app without checking them)');
  const keep = (what: string): void =>
    log(app.running ? `${what}: the app keeps running the last good build` : `${what}: the app starts once they are fixed`);
  // What the last clean build wrote: the check's warm-up re-checks them, as every change of the API does.
  let generated: readonly string[] = [];
  /**
   * A build with errors starts nothing, but the check still runs: TypeScript often says what the
   * framework's error comes from (TS2353 on the misspelt `providers` behind a FW1001), so both are
   * printed. A file framework-build could not parse (FW1014) is left out: tsc says the same.
   * After a turn of the event loop: the first build's whole check (seconds) does not hold up the watcher.
   */
  const checkBroken = async (result: BuildResult): Promise<void> => {
    dashboard?.built(result);
    await new Promise((resolve) => setImmediate(resolve));
    const checked = types?.check(generated, result.diagnostics.filter((d) => d.code === 'FW1014').map((d) => d.file));
    if (checked) dashboard?.checked(result, checked);
    if (checked && checked.errors > 0) write(checked.text);
    keep(checked && checked.errors > 0 ? `the build has errors, and ${typeErrors(checked)}` : 'the build has errors');
  };
  // Resolves once the app built from `result` serves (or will not).
  const settle = (result: BuildResult): Promise<unknown> => {
    options.show(result);
    if (!result.ok) return checkBroken(result);
    generated = result.files.map((file) => file.path);
    // The next app loads in its own process while this one type-checks, not after it.
    if (overlap) app.prepare();
    // After the tables are written: the app's code is checked against the new ones.
    const checked = types?.check(generated);
    dashboard?.built(result, checked);
    if (checked && checked.errors > 0) {
      app.discard();
      write(checked.text);
      return Promise.resolve(keep(typeErrors(checked)));
    }
    log(`${checked ? `types checked in ${checked.ms} ms; ` : ''}${app.running ? 'restarting' : 'starting'} ${options.entry}`);
    const timings = (times: HandOverTimes | undefined, stop: string): void => {
      if (!options.timings || !times) return;
      const check = checked ? `, type check ${checked.ms} ms` : '';
      log(`timings: build ${result.stats.ms} ms${check}; the new app loaded and initialised in ${times.readyMs} ms, the last one ${stop} in ${times.stopMs} ms`);
    };
    if (!overlap) return app.restart().then((started) => void started?.ready.then((times) => timings(times, 'stopped')));
    return app.commit().then((times) => timings(times, 'freed its ports'));
  };

  /**
   * The first clean build: nothing serves yet, so the app starts at once and binds its ports as
   * soon as it is ready, while the first whole check (seconds: every file parsed and checked) runs
   * beside it. Its type errors are printed when it ends; the app runs that build until a save
   * builds and checks clean, as with --no-type-check.
   */
  const startFirst = (result: BuildResult): Promise<unknown> => {
    options.show(result);
    generated = result.files.map((file) => file.path);
    dashboard?.built(result);
    log(`starting ${options.entry}${types ? '; the types are checked beside it' : ''}`);
    return app.restart().then(async (started) => {
      // The check takes this process's thread: it begins once the app was told to run and listen.
      await new Promise((resolve) => setImmediate(resolve));
      const checked = types?.check(generated);
      if (checked) dashboard?.checked(result, checked);
      if (checked && checked.errors > 0) {
        write(checked.text);
        log(`${typeErrors(checked)}: the app started before the first check and runs this build until a save checks clean`);
      } else if (checked) {
        log(`types checked in ${checked.ms} ms`);
      }
      // Resolved once the app serves (the warm-up waits for it), or 5 s on for one that never listens (a worker).
      const times = started && (await Promise.race([started.ready, new Promise<undefined>((resolve) => setTimeout(resolve, 5000, undefined))]));
      if (!options.timings || !times) return;
      log(`timings: build ${result.stats.ms} ms${checked ? `, type check ${checked.ms} ms beside the app` : ''}; the first app loaded and initialised in ${times.readyMs} ms`);
    });
  };

  // The packages of the first app load while the first build runs.
  app.warm();
  const first = options.builder.build();
  // Once an app is served rather than beside its start: the first saves then build and check as
  // fast as later ones. A save stops it; it goes on once the save is served.
  const checkWarmUp = types ? [() => types.warmUp(generated)] : [];
  const warmUp = (): void => watcher.warmUp(...checkWarmUp);
  const firstServed = first.ok ? startFirst(first) : settle(first);
  const watcher = watchSources(options.builder, first.srcDir, first.outDir, (result) => void settle(result).then(warmUp));
  void firstServed.then(warmUp);
  log(`watching ${displayPath(first.srcDir, options.cwd)} (source and .proto files); Ctrl-C to stop`);

  const close = async (): Promise<void> => {
    watcher.close();
    await Promise.all([app.stop(), dashboard?.close()]);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().then(() => process.exit(0)));
  }
  return { close };
}
