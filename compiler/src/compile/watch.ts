import fs from 'node:fs';
import path from 'node:path';
import { isSourcePath, isUnder } from '../project/paths.js';
import type { Builder, BuildResult } from './builder.js';
import { watchTree } from './watch-tree.js';

/**
 * Rebuilds whenever a source (`.ts`, `.tsx`, `.mts`, `.cts`) or `.proto` file under `srcDir` changes,
 * reusing the builder's ts-morph project (only the changed files are re-read). Atomic saves, renames,
 * new and deleted files and directories are seen ({@link watchTree}); so is a change of the
 * project's tsconfig.json or package.json ({@link Builder.configFiles}). Changes are batched
 * for `delayMs` so a save of several files builds once. An exception of a build or of `onBuild`
 * goes to `onError` (default: printed to stderr), and watching goes on.
 *
 * @example
 * const watcher = watchSources(builder, result.srcDir, result.outDir, (r) => report(r, settleOutput(r.files, false), options));
 * // later: watcher.close();
 */
export function watchSources(
  builder: Builder,
  srcDir: string,
  outDir: string,
  onBuild: (result: BuildResult) => void,
  delayMs = 80,
  onError: (error: unknown) => void = printError,
): { close(): void } {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    timer = undefined;
    const paths = [...changed];
    changed.clear();
    try {
      builder.refresh(paths);
      onBuild(builder.build());
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
  const configs = watchConfigFiles(builder.configFiles, schedule);
  return {
    close(): void {
      if (timer) clearTimeout(timer);
      watcher.close();
      for (const config of configs) config.close();
    },
  };
}

/**
 * Watches the directories of the project's tsconfig.json and package.json (by themselves, not
 * recursively) and calls `onChange` when one of those files is written, replaced or removed: the
 * set-up checks read them on every build, so a fixed setting clears its diagnostic.
 */
function watchConfigFiles(files: readonly string[], onChange: () => void): fs.FSWatcher[] {
  const byDir = new Map<string, Set<string>>();
  for (const file of files) {
    const dir = path.dirname(file);
    byDir.set(dir, (byDir.get(dir) ?? new Set()).add(path.basename(file)));
  }
  return [...byDir].flatMap(([dir, names]) => {
    try {
      const watcher = fs.watch(dir, (_event, name) => {
        if (name && names.has(name.toString())) onChange();
      });
      watcher.on('error', () => watcher.close());
      return [watcher];
    } catch {
      return []; // a directory that cannot be watched only loses this convenience
    }
  });
}

function printError(error: unknown): void {
  process.stderr.write(`framework-build: ${error instanceof Error ? error.message : String(error)}\n`);
}
