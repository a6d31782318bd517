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

/** A file's name as a program names it: absolute, with forward slashes. */
export const programPath = (file: string): string => path.resolve(file).split(path.sep).join('/');

/** Parsed files kept between the programs of an incremental check ({@link keptSourceFiles}). */
export interface KeptSourceFiles {
  /** A compiler host for `options` that parses only the files changed on disk since the last program. */
  host(options: ts.CompilerOptions): ts.CompilerHost;
  /**
   * Makes the next {@link host}'s program see `files` as changed (parsed again, a new version)
   * though their text is the same: the builder then re-checks them, and the result is the one it had.
   */
  touch(files: Iterable<string>): void;
}

/**
 * Keeps the parsed source files of one project between programs: a file is parsed again only when
 * its modification time, inode or size changed (or it was {@link KeptSourceFiles.touch}ed). Each
 * file's `version` is its text's hash, which the builder program compares to find what changed:
 * a save that changes nothing re-checks nothing.
 *
 * @example
 * const files = keptSourceFiles();
 * const program = ts.createSemanticDiagnosticsBuilderProgram(names, options, files.host(options), previous);
 */
export function keptSourceFiles(): KeptSourceFiles {
  const parsedFiles = new Map<string, { key: string; file: ts.SourceFile }>();
  const hash = ts.sys.createHash ?? ((text: string) => text);
  let touches = 0;
  let touched = new Set<string>();

  return {
    touch(files): void {
      touches++;
      for (const file of files) touched.add(programPath(file));
    },
    host(options): ts.CompilerHost {
      // A touch is for the next program only.
      const touchedNow = touched;
      touched = new Set();
      const host = ts.createCompilerHost(options);
      // As tsc: the JSDoc that type errors need (a JavaScript file's types), not every comment.
      host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
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
        const touch = touchedNow.delete(fileName);
        if (known?.key === key && !touch) return known.file;
        const file = read(fileName, target, onError, shouldCreate);
        if (!file) return undefined;
        (file as { version?: string }).version = touch ? `${hash(file.text)}/${touches}` : hash(file.text);
        parsedFiles.set(fileName, { key, file });
        return file;
      };
      return host;
    },
  };
}
