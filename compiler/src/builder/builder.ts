import fs from 'node:fs';
import path from 'node:path';
import type { Project } from 'ts-morph';
import { analyze } from '../analyze/analyze.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { internalError } from '../diagnostics/internal-error.js';
import { discover } from '../discover/discover.js';
import { syntaxErrors } from '../discover/syntax.js';
import { emitTables } from '../emit/tables.js';
import { createProject, findTsconfig, refreshProject, sourceFilesUnder } from '../project/ts-project.js';
import { manifest } from '../project/manifest.js';
import { absolute, displayPath, isUnder, projectRoot, toPosix } from '../files/file-paths.js';
import { nearestPackageJson, readSettings } from '../project/settings.js';
import { checkSetup } from '../setup/setup-checks.js';
import { loadProtos, protoInputs } from '../proto/set.js';
import type { ProtoSet } from '../proto/types.js';
import type { AppModel } from '../analyze/model.js';
import { protoTypeFiles } from '../emit/proto-types.js';
import type { OutputFile } from '../files/output-file.js';
import { settleOutput } from './output.js';
import type { BuildOptions, BuildResult, Builder } from './build-options.js';
import { apiFiles, apiOptions } from './api-files.js';
import { warmUp } from './warm-up.js';
import { schemaDocuments, unconvertedSchemas, type SchemaDocument } from '../schemas/json-schemas.js';

/**
 * Creates a builder for one source directory. Throws when the source directory or the given tsconfig
 * does not exist (a usage error, not a diagnostic about the sources).
 *
 * @example
 * const builder = createBuilder({ srcDir: 'examples/todo/src', outDir: 'generated/todo' });
 * const first = builder.build();
 * builder.refresh(['todo/todo.controller.ts']);
 * const second = builder.build();
 */
export function createBuilder(options: BuildOptions): Builder {
  const cwd = options.cwd ?? process.cwd();
  const srcDir = absolute(options.srcDir, cwd);
  const outDir = absolute(options.outDir ?? 'generated', cwd);
  if (!fs.existsSync(srcDir) || !fs.statSync(srcDir).isDirectory()) {
    throw new Error(`source directory ${displayPath(srcDir, cwd)} does not exist.`);
  }
  const tsconfig = findTsconfig(srcDir, options.tsconfig ? absolute(options.tsconfig, cwd) : undefined);
  if (tsconfig && !fs.existsSync(tsconfig)) throw new Error(`tsconfig ${displayPath(tsconfig, cwd)} does not exist.`);
  const project = createProject(srcDir, tsconfig, outDir);
  // Read once per builder: the flags win over them, and `--watch` keeps the builder (and its settings).
  const settings = readSettings(srcDir);
  const allowUnboundRpc = options.allowUnboundRpc ?? settings.allowUnboundRpc ?? false;
  const api = apiOptions(options, settings);
  const commandFrom = (base: string): string =>
    [
      `framework-build ${displayPath(srcDir, base)} --out ${displayPath(outDir, base)}`,
      ...(options.root ? [`--root ${options.root}`] : []),
      ...(options.tsconfig ? [`--tsconfig ${displayPath(absolute(options.tsconfig, cwd), base)}`] : []),
      ...(options.allowUnboundRpc ? ['--allow-unbound-rpc'] : []),
    ].join(' ');
  // The banner is part of what `--check` compares: it must not depend on where the build ran.
  const root = projectRoot(outDir, srcDir);
  const banner = { srcDisplay: displayPath(srcDir, root), command: commandFrom(root) };
  const command = commandFrom(cwd);

  const srcAt = { file: srcDir, line: 0, column: 0, length: 0 };
  // An exception while refreshing (watch mode) is reported by the next build, which then reads anew.
  let refreshFailure: unknown;
  const failed = (error: unknown, started: number): BuildResult => ({
    ok: false,
    diagnostics: [internalError(error, srcAt)],
    files: [],
    srcDir,
    outDir,
    command,
    stats: { modules: 0, providers: 0, routes: 0, rpcs: 0, ms: Math.round(performance.now() - started) },
  });

  const compile = (started: number): BuildResult => {
    const files = sourceFilesUnder(project, srcDir, outDir);
    const discovered = discover(srcDir, files);
    const protos = loadProtos(discovered.ir);
    protoFiles = protoFilesRead(protos);
    const analyzed = analyze(discovered.ir, { ...(options.root !== undefined ? { root: options.root } : {}), protos, allowUnboundRpc });
    // Re-read on every build, so `--watch` and `dev` see a fixed tsconfig.json or package.json.
    const setup = checkSetup({ srcDir, outDir, ...(tsconfig ? { tsconfig } : {}) });
    const found = [...setup, ...syntaxErrors(project, files, srcDir), ...discovered.diagnostics, ...analyzed.diagnostics];
    const model = analyzed.model;
    const ok = !hasErrors(found) && model !== undefined;
    // The schemas' JSON Schemas need the user's modules to run: only for a build that writes the document or client.
    const schemas = ok && model && (api.openapi || api.client) ? schemaDocuments(model.routes, tsconfig) : new Map<string, SchemaDocument>();
    const diagnostics = sortDiagnostics(dedupe([...found, ...unconvertedSchemas(model?.routes ?? [], schemas)]));
    const output: OutputFile[] =
      ok && model
        ? [
            { path: path.posix.join(outDir, 'tables.ts'), text: emitTables(model, { outDir, ...banner, manifest: manifest(srcDir, files, protoInputs(protos)) }) },
            ...apiFiles(model, outDir, api, schemas),
            ...protoTypeFiles(protos, { srcDir, outDir, command: banner.command }),
          ]
        : [];
    return {
      ok,
      diagnostics,
      files: output,
      srcDir,
      outDir,
      command,
      ...(model ? { model } : {}),
      dynamicModules: discovered.ir.modules.flatMap((module) => module.dynamicModules),
      stats: {
        modules: model?.modules.length ?? 0,
        providers: model?.providers.length ?? 0,
        routes: model?.routes.length ?? 0,
        rpcs: model?.grpc.reduce((n, s) => n + s.methods.length, 0) ?? 0,
        ms: Math.round(performance.now() - started),
      },
    };
  };

  const manifestFile = nearestPackageJson(srcDir);
  const configFiles = [...(tsconfig ? [tsconfig] : []), ...(manifestFile ? [manifestFile] : [])];
  let protoFiles: readonly string[] = [];
  const warmUpStep = warmUp(project, srcDir, outDir);
  return {
    project,
    tsconfig,
    inputsOutsideSources: () => [...configFiles, ...protoFiles.filter((file) => !isUnder(file, srcDir))],
    refresh(changed): void {
      try {
        refreshProject(project, srcDir, changed);
      } catch (error) {
        refreshFailure = error;
      }
    },
    warmUp: () => refreshFailure === undefined && warmUpStep(),
    build(): BuildResult {
      const started = performance.now();
      if (refreshFailure !== undefined) {
        const error = refreshFailure;
        refreshFailure = undefined;
        return failed(error, started);
      }
      let result: BuildResult;
      try {
        result = compile(started);
      } catch (error) {
        // A bug of the compiler must not end `--watch` nor print a bare stack trace: FW1013.
        return failed(error, started);
      }
      // Outside the catch: a file that cannot be written is the disk's problem, not the compiler's.
      if (result.ok && options.write) settleOutput(result.files, false);
      return result;
    },
  };
}

/** Every `.proto` file a build read or tried to read (imports included, and the file a parse error is in). */
function protoFilesRead(protos: ProtoSet): string[] {
  const files = [...protos.values()].flatMap((proto) =>
    proto.ok ? proto.inputs.map((input) => input.file) : proto.problem === 'parse' ? [proto.file, proto.errorFile] : [proto.file],
  );
  return [...new Set(files.map(toPosix))];
}

/** The same finding reached through two paths (a class named twice) is reported once. */
function dedupe(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const id = `${d.code}|${d.file}|${d.line}|${d.column}|${d.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Compiles a source directory once: discover, analyze, emit. Writes nothing unless `write` is set.
 *
 * @example
 * const result = await build({ srcDir: 'examples/todo/src', outDir: 'generated/todo' });
 * if (!result.ok) console.log(result.diagnostics);
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  return createBuilder(options).build();
}
