import { ts } from 'ts-morph';
import { keptSourceFiles, programPath } from './check-host.js';

/** The outcome of one {@link TypeChecker.check}. */
export interface TypeCheckResult {
  /** How many errors (syntax, options and types) the project has. */
  readonly errors: number;
  /** The errors as tsc prints them (file:line:column, code, message, the source line); '' when clean. */
  readonly text: string;
  /** Wall time of this check. */
  readonly ms: number;
}

/** An incremental type check of one tsconfig project, kept between checks of the dev loop. */
export interface TypeChecker {
  /**
   * Checks the project as it is on disk now, re-checking only what changed since the last call.
   * `generated` (the files framework-build wrote) leave the program's roots: those the project's
   * own files import are still checked through their import (the tables, the `.proto` types); the
   * others (an unimported typed client) are not, since the compiler wrote them from types it had
   * checked, and each save that changes the API would make the check read them again.
   * The errors of the `unparsed` files (those framework-build reported as not parsing, FW1014)
   * are left out: the framework's diagnostic says the same, where the parse went wrong.
   */
  check(generated?: readonly string[], unparsed?: readonly string[]): TypeCheckResult;
  /**
   * One step of readying the check for fast saves, in the idle time after the first check:
   * re-checks `files` (the generated ones, which a save rewrites) as if they had been written again.
   * The type checker's and the builder's code runs unoptimised for the first few checks of a
   * process (two to three times slower); after {@link WARM_UP_STEPS} steps a save's check runs warm.
   * Returns whether another step may still help.
   */
  warmUp(files: readonly string[]): boolean;
}

/** Steps of {@link TypeChecker.warmUp}: on the example, the check's time stops falling after about five. */
export const WARM_UP_STEPS = 5;

/**
 * Type-checks the project of `tsconfig` as `tsc --noEmit` would, incrementally: unchanged files
 * are not parsed again (kept by path, modification time, inode and size), and a builder program
 * re-checks only the files a change can affect (the changed ones and those whose view of a changed
 * declaration moved), reusing the earlier diagnostics of the others. The file list is read anew on
 * every check, so added and deleted files count. TypeScript is the compiler's own (ts-morph's),
 * which may differ in version from the app's `tsc`.
 *
 * @example
 * const checker = typeChecker('tsconfig.json', process.cwd());
 * const { errors, text } = checker.check(); // after framework-build wrote the tables
 * if (errors > 0) process.stdout.write(text);
 * while (checker.warmUp(['generated/tables.ts'])); // in idle time, one step per turn of the event loop
 */
export function typeChecker(tsconfig: string, cwd: string): TypeChecker {
  const files = keptSourceFiles();
  let previous: ts.SemanticDiagnosticsBuilderProgram | undefined;
  let warmUpSteps = 0;
  const format: ts.FormatDiagnosticsHost = { getCurrentDirectory: () => cwd, getCanonicalFileName: (f) => f, getNewLine: () => '\n' };

  return {
    check(generated = [], unparsed = []): TypeCheckResult {
      const started = performance.now();
      const configProblems: ts.Diagnostic[] = [];
      const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, { noEmit: true }, {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => void configProblems.push(diagnostic),
      });
      if (!parsed) return result(configProblems, started);
      // The dev loop only reads the answer; tsc of `npm run build` writes dist/.
      // Only the changed files and their direct importers are checked again (as `tsc --watch
      // --assumeChangesOnlyAffectDirectDependencies`): a save costs little however large the app;
      // an error two imports away shows at the next save there, and always in `npm run build`.
      const options: ts.CompilerOptions = {
        ...parsed.options,
        noEmit: true,
        incremental: false,
        composite: false,
        declaration: false,
        assumeChangesOnlyAffectDirectDependencies: true,
      };
      const host = files.host(options);
      const notRoots = new Set(generated.map(programPath));
      const roots = parsed.fileNames.filter((file) => !notRoots.has(file));
      const program = ts.createSemanticDiagnosticsBuilderProgram(roots, options, host, previous, parsed.errors);
      previous = program;
      const diagnostics = [
        ...program.getConfigFileParsingDiagnostics(),
        ...program.getOptionsDiagnostics(),
        ...program.getGlobalDiagnostics(),
        ...program.getSyntacticDiagnostics(),
        ...program.getSemanticDiagnostics(),
      ];
      const skipped = new Set(unparsed.map(programPath));
      return result(skipped.size === 0 ? diagnostics : diagnostics.filter((d) => !d.file || !skipped.has(d.file.fileName)), started);
    },
    warmUp(touched): boolean {
      if (!previous || warmUpSteps >= WARM_UP_STEPS) return false;
      warmUpSteps++;
      files.touch(touched);
      try {
        this.check(touched); // its answer is the last one's: nothing changed
      } catch {
        return false; // only an optimisation: the next save's check reads the same files and says what failed
      }
      return warmUpSteps < WARM_UP_STEPS;
    },
  };

  function result(diagnostics: readonly ts.Diagnostic[], started: number): TypeCheckResult {
    const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
    // tsc's `--pretty` layout, like framework-build's own diagnostics; colours only on a terminal.
    const pretty = errors.length === 0 ? '' : ts.formatDiagnosticsWithColorAndContext(errors, format);
    const text = process.stdout.isTTY && !process.env.NO_COLOR ? pretty : pretty.replace(/\x1b\[[0-9;]*m/g, '');
    return { errors: errors.length, text, ms: Math.round(performance.now() - started) };
  }
}
