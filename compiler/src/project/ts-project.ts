import fs from 'node:fs';
import path from 'node:path';
import { Project, ts, type SourceFile } from 'ts-morph';
import { absolute, isSourcePath, isUnder, SOURCE_EXTENSIONS, toPosix } from '../files/file-paths.js';
import { parseDeclarationFilesAsTsc } from './declaration-files.js';

/** Compiler options used when no tsconfig.json is found: what the framework's decorators need. */
const defaults: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  experimentalDecorators: true,
  strict: true,
  skipLibCheck: true,
};

/**
 * The tsconfig to load: the explicit one, else `tsconfig.json` in `srcDir` or its parent.
 *
 * @example
 * findTsconfig('/r/examples/todo/src') // '/r/examples/todo/tsconfig.json'
 */
export function findTsconfig(srcDir: string, explicit?: string): string | undefined {
  if (explicit) return explicit;
  for (const dir of [srcDir, path.dirname(srcDir)]) {
    const candidate = path.join(dir, 'tsconfig.json');
    if (fs.existsSync(candidate)) return toPosix(candidate);
  }
  return undefined;
}

/**
 * A ts-morph project holding every `.ts`, `.tsx`, `.mts` and `.cts` file under `srcDir`. Imported files (packages, the runtime's
 * `.d.ts`) are resolved by the type checker on demand, not analysed, and parsed as tsc parses them
 * (see parseDeclarationFilesAsTsc).
 *
 * @example
 * const project = createProject('/r/examples/todo/src');
 */
export function createProject(srcDir: string, tsconfig?: string, outDir?: string): Project {
  const project = (tsconfig && projectOf(tsconfig)) || new Project({ compilerOptions: { ...defaults, lib: serverLibs() } });
  // Before any file is parsed.
  parseDeclarationFilesAsTsc(project);
  // Generated output inside srcDir is not an input (it would change the manifest on every build).
  const sources = SOURCE_EXTENSIONS.map((ext) => `${srcDir}/**/*${ext}`);
  project.addSourceFilesAtPaths([...sources, `!${srcDir}/**/node_modules/**`, ...(outDir ? [`!${outDir}/**`] : [])]);
  return project;
}

/**
 * A project with the tsconfig's options, or undefined when ts-morph cannot read it (a JSON syntax
 * error): the build then reads the sources with the defaults, and the set-up checks report the
 * file's error at its line (FW1608) instead of a bare message without a place.
 */
function projectOf(tsconfig: string): Project | undefined {
  try {
    return new Project({ tsConfigFilePath: tsconfig, skipAddingFilesFromTsConfig: true, compilerOptions: { lib: serverLibs(tsconfig) } });
  } catch {
    return undefined;
  }
}

/**
 * The tsconfig's lib files without the browser's (`dom`, `dom.iterable`, `webworker`…, and the
 * `.full` default that brings them): a quarter of a small app's parse, and nothing the compiler
 * reads, since the fetch types a server uses (`Request`, `Response`, `Headers`, `URL`,
 * `AbortSignal`, streams) are Node's own globals in `@types/node`. Only this project is built
 * without them: the type check of `dev` and the app's own `tsc` keep the tsconfig's libs.
 *
 * @example
 * serverLibs('tsconfig.json') // ['lib.es2023.d.ts'] for "lib": ["ES2023", "DOM"]
 * serverLibs() // ['lib.es2022.d.ts'] (the defaults' target, whose default lib is lib.es2022.full.d.ts)
 */
export function serverLibs(tsconfig?: string): string[] {
  const options = tsconfig ? ts.getParsedCommandLineOfConfigFile(tsconfig, {}, configHost)?.options ?? defaults : defaults;
  const libs = options.lib ?? [ts.getDefaultLibFileName(options).replace(/\.full\.d\.ts$/, '.d.ts')];
  return libs.map((lib) => path.basename(lib)).filter((lib) => !/^lib\.(dom|webworker|scripthost)\b/.test(lib));
}

/** What reading a tsconfig needs; its errors are reported by the project's own read and by the set-up checks. */
const configHost: ts.ParseConfigFileHost = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: () => undefined,
};

/** The project's files under `srcDir` (outside `outDir`), sorted by path so every pass sees them in the same order. */
export function sourceFilesUnder(project: Project, srcDir: string, outDir?: string): SourceFile[] {
  return project
    .getSourceFiles()
    .filter((sf) => {
      const file = toPosix(sf.getFilePath());
      return isUnder(file, srcDir) && !file.includes('/node_modules/') && !(outDir && isUnder(file, outDir));
    })
    .sort((a, b) => (a.getFilePath() < b.getFilePath() ? -1 : 1));
}

/**
 * Brings the project up to date with the disk for the given paths (watch mode): refreshes changed
 * files, adds new ones and forgets deleted ones.
 */
export function refreshProject(project: Project, srcDir: string, changed: readonly string[]): void {
  for (const raw of changed) {
    const file = absolute(raw, srcDir);
    if (!isSourcePath(file)) continue;
    const existing = project.getSourceFile(file);
    if (!fs.existsSync(file)) {
      if (existing) project.removeSourceFile(existing);
    } else if (existing) {
      existing.refreshFromFileSystemSync();
    } else {
      project.addSourceFileAtPath(file);
    }
  }
}
