import type { Project } from 'ts-morph';
import type { AppModel } from '../analyze/model.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { OpenApiOptions } from '../emit/openapi/document.js';
import type { OutputFile } from '../files/output-file.js';
import type { DynamicModuleIR } from '../ir/index.js';

/** Options of {@link build}; paths are relative to `cwd`. */
export interface BuildOptions {
  /** The directory holding the application's sources (`examples/todo/src`). */
  readonly srcDir: string;
  /** Where `tables.ts` goes; default `generated`. */
  readonly outDir?: string;
  /** Name of the root module class, when several modules are not imported by any other. */
  readonly root?: string;
  /** tsconfig.json to load; default: the one in srcDir or its parent, else built-in options. */
  readonly tsconfig?: string;
  /** Base of relative paths and of printed paths; default `process.cwd()`. */
  readonly cwd?: string;
  /** Write the files when there are no errors; default false. */
  readonly write?: boolean;
  /**
   * Report RPCs that no method binds (FW1406) as warnings; default: `"frameworkBuild": { "allowUnboundRpc" }`
   * of the application's package.json, else false.
   */
  readonly allowUnboundRpc?: boolean;
  /**
   * `openapi.json` beside the tables: `false` writes none; fields given here win over
   * `"frameworkBuild": { "openapi": {…} }` of the package.json, whose name and version are the defaults.
   */
  readonly openapi?: false | Partial<OpenApiOptions>;
  /** Also write the typed client `client.ts`; default `"frameworkBuild": { "client" }`, else false. */
  readonly client?: boolean;
}

export interface BuildResult {
  /** False when any error was reported (then `files` is empty and nothing was written). */
  readonly ok: boolean;
  /** Every diagnostic, sorted by file and position. */
  readonly diagnostics: readonly Diagnostic[];
  readonly files: readonly OutputFile[];
  readonly srcDir: string;
  readonly outDir: string;
  readonly stats: { readonly modules: number; readonly providers: number; readonly routes: number; readonly rpcs: number; readonly ms: number };
  /** The command that regenerates the output, runnable from `cwd` (the banner writes it from the project root). */
  readonly command: string;
  /** The analysed application (absent when no root module could be chosen), for `--explain`. */
  readonly model?: AppModel;
  /**
   * Every `ConfigModule.forRoot(…)` (and other configured module) of the sources, read or not, for
   * `bundle`: what the configuration needs at run time.
   */
  readonly dynamicModules?: readonly DynamicModuleIR[];
}

/**
 * A compiler instance that keeps one ts-morph project between builds (watch mode). An unexpected
 * exception of either method becomes an internal-error diagnostic (FW1013) of the build; `build`
 * throws only when `write` is set and the output cannot be written.
 */
export interface Builder {
  readonly project: Project;
  /** The tsconfig.json the sources are read with (absent: built-in options). */
  readonly tsconfig: string | undefined;
  /**
   * The files outside `srcDir` that the last build read: the tsconfig (when one is found) and the
   * nearest package.json, which the set-up checks read, and `.proto` files (imports included)
   * loaded from elsewhere. A watcher rebuilds when one of them changes.
   */
  inputsOutsideSources(): readonly string[];
  build(): BuildResult;
  /**
   * One step of readying the kept project for fast incremental builds, for idle time after the
   * first build (see `warmUp`); returns whether another step may still help.
   */
  warmUp(): boolean;
  /** Re-reads changed, added or deleted files before the next build. */
  refresh(changedPaths: readonly string[]): void;
}
