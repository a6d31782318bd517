import fs from 'node:fs';
import path from 'node:path';
import { getLibFiles, libFolderInMemoryPath } from '@ts-morph/common';
import { ts } from 'ts-morph';

/**
 * The standard library's declarations (lib.es2023.d.ts, lib.dom.d.ts…) of the compiler's TypeScript:
 * ts-morph carries them in memory, not beside its TypeScript on disk.
 */
let libraries: Map<string, string> | undefined;
const libraryText = (fileName: string): string | undefined =>
  (libraries ??= new Map(getLibFiles().map((lib) => [path.posix.join(libFolderInMemoryPath, lib.fileName), lib.text]))).get(fileName);

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
  /** Checks the project as it is on disk now, re-checking only what changed since the last call. */
  check(): TypeCheckResult;
}

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
 */
export function typeChecker(tsconfig: string, cwd: string): TypeChecker {
  const parsedFiles = new Map<string, { key: string; file: ts.SourceFile }>();
  let previous: ts.SemanticDiagnosticsBuilderProgram | undefined;
  const format: ts.FormatDiagnosticsHost = { getCurrentDirectory: () => cwd, getCanonicalFileName: (f) => f, getNewLine: () => '\n' };
  const hash = ts.sys.createHash ?? ((text: string) => text);

  return {
    check(): TypeCheckResult {
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
      const host = ts.createCompilerHost(options);
      const read = host.getSourceFile.bind(host);
      const exists = host.fileExists.bind(host);
      const readFile = host.readFile.bind(host);
      host.getDefaultLibLocation = () => libFolderInMemoryPath;
      host.getDefaultLibFileName = (compilerOptions) => path.posix.join(libFolderInMemoryPath, ts.getDefaultLibFileName(compilerOptions));
      host.fileExists = (fileName) => libraryText(fileName) !== undefined || exists(fileName);
      host.readFile = (fileName) => libraryText(fileName) ?? readFile(fileName);
      host.getSourceFile = (fileName, target, onError, shouldCreate) => {
        const library = libraryText(fileName);
        if (library !== undefined) {
          const known = parsedFiles.get(fileName);
          if (known) return known.file;
          const file = ts.createSourceFile(fileName, library, target);
          (file as { version?: string }).version = 'lib';
          parsedFiles.set(fileName, { key: 'lib', file });
          return file;
        }
        let stat: fs.Stats;
        try {
          stat = fs.statSync(fileName);
        } catch {
          return undefined;
        }
        // The same file may be parsed as ESM and as CommonJS: the parse options are part of the key.
        const mode = typeof target === 'object' ? `${target.languageVersion}/${target.impliedNodeFormat}` : String(target);
        const key = `${stat.mtimeMs}/${stat.ino}/${stat.size}/${mode}`;
        const known = parsedFiles.get(fileName);
        if (known?.key === key) return known.file;
        const file = read(fileName, target, onError, shouldCreate);
        if (!file) return undefined;
        // The builder compares versions to find what changed: the text's hash, so a save that
        // changes nothing re-checks nothing.
        (file as { version?: string }).version = hash(file.text);
        parsedFiles.set(fileName, { key, file });
        return file;
      };
      const program = ts.createSemanticDiagnosticsBuilderProgram(parsed.fileNames, options, host, previous, parsed.errors);
      previous = program;
      const diagnostics = [
        ...program.getConfigFileParsingDiagnostics(),
        ...program.getOptionsDiagnostics(),
        ...program.getGlobalDiagnostics(),
        ...program.getSyntacticDiagnostics(),
        ...program.getSemanticDiagnostics(),
      ];
      return result(diagnostics, started);
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
