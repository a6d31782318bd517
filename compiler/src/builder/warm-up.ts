import path from 'node:path';
import type { Project } from 'ts-morph';
import { discover } from '../discover/discover.js';
import { sourceFilesUnder } from '../project/ts-project.js';

/** At most this many warm-up programs: the example's file list settles after three. */
const MOST_STEPS = 4;

/**
 * Readies a kept project for fast incremental builds, in the idle time after the first build of
 * `--watch` or `dev`. Two costs otherwise land on the first saves after a start:
 *
 * - ts-morph passes every file the last program read (the packages' `.d.ts` files included) as a
 *   root of the next one, so until that list stops growing each new program cannot reuse the last
 *   one's module resolution (about 0.25 s a program on the example). It grows for the first two or
 *   three programs after a start, and after a save whose import reaches new files.
 * - The discovery's paths through the type checker run unoptimised until they ran a few times.
 *
 * Each step makes a new program (adding and removing an empty in-memory file, which writes
 * nothing) and runs the discovery on it, its result thrown away. Returns whether another step may
 * still help: false once the roots stopped growing, or after {@link MOST_STEPS} steps.
 *
 * @example
 * const step = warmUp(project, srcDir, outDir);
 * const next = () => void (step() && setTimeout(next, 0)); // a save between two steps builds first
 * next();
 */
export function warmUp(project: Project, srcDir: string, outDir: string): () => boolean {
  let steps = 0;
  return (): boolean => {
    if (steps >= MOST_STEPS) return false;
    steps++;
    try {
      const roots = project.getProgram().compilerObject.getRootFileNames().length;
      // Adding a file to the project and removing it is ts-morph's one public way to a new program.
      project.removeSourceFile(project.createSourceFile(path.posix.join(srcDir, '.framework-build-warm-up.ts'), '', { overwrite: true }));
      const grew = project.getProgram().compilerObject.getRootFileNames().length !== roots;
      discover(srcDir, sourceFilesUnder(project, srcDir, outDir));
      return grew && steps < MOST_STEPS;
    } catch {
      // Only an optimisation: the next build reads the same code and reports what failed.
      return false;
    }
  };
}
