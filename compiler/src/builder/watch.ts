import fs from 'node:fs';
import path from 'node:path';
import { isSourcePath, isUnder } from '../files/file-paths.js';
import type { Builder, BuildResult } from './build-options.js';
import { watchTree } from './watch-tree.js';

/**
 * Rebuilds whenever a source (`.ts`, `.tsx`, `.mts`, `.cts`) or `.proto` file under `srcDir` changes,
 * reusing the builder's ts-morph project (only the changed files are re-read). Atomic saves, renames,
 * new and deleted files and directories are seen ({@link watchTree}); so is a change of the
 * project's tsconfig.json, package.json and `.proto` files loaded from outside `srcDir`
 * ({@link Builder.inputsOutsideSources}). Changes are batched
 * for `delayMs` so a save of several files builds once. An exception of a build or of `onBuild`
 * goes to `onError` (default: printed to stderr), and watching goes on.
 *
 * @example
 * const watcher = watchSources(builder, result.srcDir, result.outDir, (r) => report(r, settleOutput(r.files, false), options));
 * watcher.warmUp(); // once the first build's output is out
 * // later: watcher.close();
 */
export function watchSources(
  builder: Builder,
  srcDir: string,
  outDir: string,
  onBuild: (result: BuildResult) => void,
  delayMs = 30,
  onError: (error: unknown) => void = printFailure,
): SourceWatcher {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let warming: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = (): void => {
    timer = undefined;
    const paths = [...changed];
    changed.clear();
    try {
      builder.refresh(paths);
      const result = builder.build();
      // A build may load another .proto from outside srcDir: watch what it read.
      outside.update(builder.inputsOutsideSources());
      onBuild(result);
    } catch (error) {
      // Thrown from a timer it would end the process, and the watch with it.
      onError(error);
    }
  };
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  };
  const watcher = watchTree(
    srcDir,
    (file) => {
      changed.add(file);
      schedule();
    },
    {
      // .proto files are re-read on every build; a change to one only has to trigger it.
      accept: (file) => isSourcePath(file) || file.endsWith('.proto'),
      // Our own output must not trigger another build when it is written inside srcDir.
      skipDir: (dir) => isUnder(dir, outDir),
    },
  );
  const outside = watchFiles(schedule);
  outside.update(builder.inputsOutsideSources());
  // One step per turn of the event loop: a save that comes meanwhile waits for one step at most.
  let steps: (() => boolean)[] | undefined;
  const warmUpStep = (): void => {
    warming = undefined;
    if (closed || timer || !steps) return;
    // The builder's steps first, then the caller's (the dev loop's type check), each until it says done.
    if (steps.length > 0 && !steps[0]!()) steps.shift();
    if (steps.length > 0) warming = setTimeout(warmUpStep, 0);
  };
  return {
    warmUp(...after): void {
      steps ??= [() => builder.warmUp(), ...after];
      if (!closed && !warming && steps.length > 0) warming = setTimeout(warmUpStep, 0);
    },
    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
      if (warming) clearTimeout(warming);
      watcher.close();
      outside.close();
    },
  };
}

/** What {@link watchSources} returns. */
export interface SourceWatcher {
  /**
   * Readies the builder for fast rebuilds in the idle time from now ({@link Builder.warmUp}, a few
   * steps of about half a second): the first saves after a start then build as fast as later ones.
   * `after` are more warm-up steps, run the same way once the builder's are done (each returns
   * whether another step may still help). A save stops the warm-up; calling this again (once the
   * save is served) resumes it where it stopped, with the steps of the first call.
   */
  warmUp(...after: (() => boolean)[]): void;
  close(): void;
}

/**
 * Watches single files outside the source tree (the tsconfig, package.json, `.proto` files loaded
 * from elsewhere) through their directories, not recursively: watching the directory keeps seeing a
 * file replaced by an atomic save. `update` sets the files; `onChange` runs when one is written,
 * replaced or removed.
 */
function watchFiles(onChange: () => void): { update(files: readonly string[]): void; close(): void } {
  const watchers = new Map<string, fs.FSWatcher>();
  let names = new Map<string, Set<string>>();
  return {
    update(files): void {
      names = new Map();
      for (const file of files) {
        const dir = path.dirname(file);
        names.set(dir, (names.get(dir) ?? new Set()).add(path.basename(file)));
      }
      for (const [dir, watcher] of watchers) {
        if (!names.has(dir)) {
          watcher.close();
          watchers.delete(dir);
        }
      }
      for (const dir of names.keys()) {
        if (watchers.has(dir)) continue;
        try {
          const watcher = fs.watch(dir, (_event, name) => {
            if (name && names.get(dir)?.has(name.toString())) onChange();
          });
          watcher.on('error', () => watcher.close());
          watchers.set(dir, watcher);
        } catch {
          // A directory that cannot be watched only loses this convenience.
        }
      }
    },
    close(): void {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * A usage or disk error: one line on stderr, no stack.
 *
 * @example
 * printFailure(new Error('cannot write generated/tables.ts')); // framework-build: cannot write generated/tables.ts
 */
export function printFailure(error: unknown): void {
  process.stderr.write(`framework-build: ${error instanceof Error ? error.message : String(error)}\n`);
}
