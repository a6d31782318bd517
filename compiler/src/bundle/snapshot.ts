import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type ImportKind, type Plugin } from 'esbuild';
import { carriesGrpc } from './bundle.js';
import { unwrapInferredNames } from './bundle-names.js';
import { snapshotEntropyGuard } from './snapshot-entropy.js';
import { eagerPackageDirs, lazyOutside, packageDirOf, snapshotRequirePrelude, type LazyPackage } from './snapshot-require.js';
import { SNAPSHOT_MAIN, snapshotEntrySource } from './snapshot-entry.js';

export interface SnapshotOptions {
  /** The module that starts the app (`src/main-http.ts`); it exports nothing. */
  readonly entry: string;
  /** The directory written; default `dist/snapshot`. */
  readonly outDir?: string;
  readonly minify?: boolean;
  /** Base of relative paths; default `process.cwd()`. */
  readonly cwd?: string;
  /** The Node binary that builds the blob and must run it; default the one running this. */
  readonly node?: string;
}

export interface SnapshotResult {
  /** `<outDir>/<entry name>.blob`: run with `node --snapshot-blob <blob>`. */
  readonly blob: string;
  /** `<outDir>/<entry name>.cjs`: the script the blob was built from (it also runs alone: `node <script>`). */
  readonly script: string;
  readonly blobBytes: number;
  /** The packages imported on demand, bundled into `<outDir>/lazy/`. */
  readonly lazy: readonly string[];
  /** What Node said while building (built-in modules it has not verified in snapshots). */
  readonly warnings: readonly string[];
}

const VIRTUAL = 'framework-snapshot';
/** What the snapshot's script and its packages loaded on demand are built as: CommonJS for Node. */
const cjsForSnapshot = {
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // `import()` is not available in a snapshot: esbuild turns it into a `require`.
  supported: { 'dynamic-import': false },
  keepNames: true,
  legalComments: 'none',
  logLevel: 'silent',
} as const satisfies BuildOptions;

/**
 * Bundles an HTTP application into a V8 startup snapshot for Node (`--build-snapshot`): the
 * runtime, the tables, the application's modules and their libraries are loaded, compiled and
 * evaluated once, at build time; a start deserialises the heap and runs the entry's own statements
 * (configuration, `init`, `listen`) — those run at start, so the blob holds no configuration.
 * The blob is tied to the Node binary that built it (Node refuses another one).
 *
 * @example
 * const { blob } = await bundleSnapshot({ entry: 'src/main-http.ts', outDir: 'dist/snapshot' });
 * // node --snapshot-blob dist/snapshot/main-http.blob
 * @throws {Error} when the entry exports a value, when the bundle carries gRPC, or when Node cannot build the blob (its message)
 */
export async function bundleSnapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  const cwd = options.cwd ?? process.cwd();
  const entry = path.resolve(cwd, options.entry);
  if (!fs.existsSync(entry)) throw new Error(`The entry ${options.entry} does not exist.`);
  const outDir = path.resolve(cwd, options.outDir ?? 'dist/snapshot');
  const name = path.basename(entry).replace(/\.[cm]?[jt]sx?$/, '');
  const script = path.join(outDir, `${name}.cjs`);
  const blob = path.join(outDir, `${name}.blob`);
  const entrySource = snapshotEntrySource(fs.readFileSync(entry, 'utf8'), path.relative(cwd, entry));
  const run = (lazy: Map<string, LazyPackage>, outside: (id: string, kind: ImportKind, resolved: string) => boolean) =>
    build({
      entryPoints: [{ in: `${VIRTUAL}:main`, out: name }],
      ...cjsForSnapshot,
      outdir: outDir,
      absWorkingDir: cwd,
      // The modules' `import.meta.url` is the script's own (read while the snapshot is built).
      define: { 'import.meta.url': '__frameworkScriptUrl' },
      banner: { js: "var __frameworkScriptUrl = require('node:url').pathToFileURL(__filename).href;" },
      minify: options.minify ?? false,
      write: false,
      metafile: true,
      plugins: [snapshotMain(entry, entrySource), lazyOutside(lazy, outside)],
    });
  // First what is imported with `import()`; then every package a start does not evaluate, however
  // imported (a package a start evaluates stays inside, even where it is also imported on demand).
  const first = await run(new Map(), (_, kind) => kind === 'dynamic-import');
  const eager = eagerPackageDirs(first.metafile!, `${VIRTUAL}:${VIRTUAL}:main`, cwd);
  const lazy = new Map<string, LazyPackage>();
  const result = await run(lazy, (_, __, resolved) => !eager.has(packageDirOf(fs.realpathSync(resolved))));
  if (carriesGrpc(result.metafile!, cwd)) {
    throw new Error(`${options.entry} starts a gRPC server: --snapshot bundles an HTTP application (bundle a gRPC entry without it).`);
  }
  const output = result.outputFiles.find((file) => file.path === script);
  if (!output) throw new Error(`esbuild wrote no ${script}.`);
  fs.rmSync(path.join(outDir, 'lazy'), { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(script, snapshotEntropyGuard() + snapshotRequirePrelude([...lazy.values()]) + unwrapInferredNames(output.text));
  await bundleLazy([...lazy.values()], path.join(outDir, 'lazy'), cwd, options.minify ?? false);
  const warnings = buildBlob(options.node ?? process.execPath, script, blob);
  return { blob, script, blobBytes: fs.statSync(blob).size, lazy: [...lazy.keys()], warnings };
}

/** The snapshot's entry: the rewritten application entry, and the main function the blob starts with. */
function snapshotMain(entry: string, entrySource: string): Plugin {
  const spec = JSON.stringify(entry.split(path.sep).join('/'));
  return {
    name: 'framework-snapshot-main',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${VIRTUAL}:`) }, (args) => ({ path: args.path, namespace: VIRTUAL }));
      b.onLoad({ filter: /.*/, namespace: VIRTUAL }, () => ({
        // Built as a snapshot: the entry runs when the blob starts; run as a plain script: now.
        contents:
          `import { startupSnapshot } from 'node:v8';\nimport { ${SNAPSHOT_MAIN} } from ${spec};\n` +
          `const start = () => ${SNAPSHOT_MAIN}().catch((error) => { console.error(error); process.exit(1); });\n` +
          'if (startupSnapshot?.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(start); else start();\n',
        resolveDir: path.dirname(entry),
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/ }, (args) => (args.path === entry ? { contents: entrySource, loader: /\.[cm]?tsx?$/.test(entry) ? 'ts' : 'js', resolveDir: path.dirname(entry) } : undefined));
    },
  };
}

/** Each package imported on demand, bundled alone into `lazy/<name>.cjs`. */
async function bundleLazy(lazy: readonly LazyPackage[], dir: string, cwd: string, minify: boolean): Promise<void> {
  if (lazy.length === 0) return;
  const namespace = 'framework-lazy';
  await build({
    entryPoints: lazy.map((p) => ({ in: `${namespace}:${p.id}`, out: p.file.replace(/\.cjs$/, '') })),
    ...cjsForSnapshot,
    outdir: dir,
    absWorkingDir: cwd,
    minify,
    plugins: [
      {
        name: 'framework-lazy-entries',
        setup(b) {
          b.onResolve({ filter: new RegExp(`^${namespace}:`) }, (args) => ({ path: args.path.slice(namespace.length + 1), namespace }));
          b.onLoad({ filter: /.*/, namespace }, async (args) => {
            const resolveDir = lazy.find((p) => p.id === args.path)!.resolveDir;
            const spec = JSON.stringify(args.path);
            // A CommonJS package is handed out as its `module.exports`; an ES-only one (file-type) as its namespace.
            const required = await b.resolve(args.path, { kind: 'require-call', resolveDir });
            if (required.errors.length === 0) return { contents: `module.exports = require(${spec});\n`, resolveDir, loader: 'js' };
            const imported = await b.resolve(args.path, { kind: 'import-statement', resolveDir });
            const hasDefault = imported.errors.length === 0 && /\bexport\s+default\b|\bas\s+default\b/.test(fs.readFileSync(imported.path, 'utf8'));
            return { contents: `export * from ${spec};\n${hasDefault ? `export { default } from ${spec};\n` : ''}`, resolveDir, loader: 'js' };
          });
        },
      },
    ],
  });
}

/** `node --snapshot-blob <blob> --build-snapshot <script>`; its warnings returned, its failure thrown. */
function buildBlob(node: string, script: string, blob: string): string[] {
  fs.rmSync(blob, { force: true });
  const built = spawnSync(node, ['--snapshot-blob', blob, '--build-snapshot', script], { cwd: path.dirname(script), encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (built.status !== 0 || !fs.existsSync(blob)) {
    throw new Error(`Node could not build the snapshot (${node} --build-snapshot ${path.basename(script)}, exit ${built.status}):\n${(built.stderr || built.stdout).trim()}`);
  }
  return built.stderr.split('\n').filter((line) => /Warning:/.test(line));
}
