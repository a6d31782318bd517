import { isSourcePath, isUnder } from '../project/paths.js';
import type { Builder, BuildResult } from './builder.js';
import { watchTree } from './watch-tree.js';

/**
 * Rebuilds whenever a source (`.ts`, `.tsx`, `.mts`, `.cts`) or `.proto` file under `srcDir` changes,
 * reusing the builder's ts-morph project (only the changed files are re-read). Atomic saves, renames,
 * new and deleted files and directories are seen ({@link watchTree}). Changes are batched
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
  const watcher = watchTree(
    srcDir,
    (file) => {
      changed.add(file);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    {
      // .proto files are re-read on every build; a change to one only has to trigger it.
      accept: (file) => isSourcePath(file) || file.endsWith('.proto'),
      // Our own output must not trigger another build when it is written inside srcDir.
      skipDir: (dir) => isUnder(dir, outDir),
    },
  );
  return {
    close(): void {
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}

function printError(error: unknown): void {
  process.stderr.write(`framework-build: ${error instanceof Error ? error.message : String(error)}\n`);
}
