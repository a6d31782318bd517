import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type ImportKind, type Plugin } from 'esbuild';
import { carriesGrpc } from './bundle.js';
import { unwrapInferredNames } from './bundle-names.js';
import { eagerPackageDirs, lazyOutside, packageDirOf, snapshotRequirePrelude, type LazyPackage } from './snapshot-require.js';
import { SNAPSHOT_MAIN, snapshotEntrySource } from './snapshot-entry.js';

// One CommonJS script of an HTTP entry, its packages needed only on demand in `lazy/` beside it:
// what a startup snapshot is built from (`--snapshot`), and what a code cache is made for
// (`--code-cache`). Neither can follow an `import()` (a snapshot has none; a script compiled with
// `vm.Script` would need Node's ES loader, which a start then pays for), so esbuild turns each
// into a `require`, and the entry's top-level `await` moves into one async main function.

export interface ScriptBundleOptions {
  /** The module that starts the app (`src/main-http.ts`); it exports nothing. */
  readonly entry: string;
  readonly outDir: string;
  readonly minify: boolean;
  /** Base of relative paths. */
  readonly cwd: string;
  /** The option asking, named in a refusal (`--snapshot`, `--code-cache`). */
  readonly option: string;
  /**
   * How the script starts: `snapshot`, its main function handed to the snapshot being built (and
   * called at once when the script runs alone); `script`, called at once.
   */
  readonly start: 'snapshot' | 'script';
  /** Prepended to the script (the snapshot's guard of random identifiers). */
  readonly prelude?: string;
}

export interface ScriptBundle {
  /** The script's text (not yet written). */
  readonly text: string;
  /** The packages imported on demand, written to `<outDir>/lazy/`. */
  readonly lazy: readonly string[];
}

const VIRTUAL = 'framework-snapshot';

/**
 * The script's URL, what its modules read as `import.meta.url`. An absolute POSIX path of
 * characters a file URL keeps as they are, no segment empty or starting with a dot, is its URL after
 * `file://`; any other (a space, `%`, `#`, `~`, non-ASCII, `/./`, a Windows path) goes through
 * `pathToFileURL`, whose first call costs a start about 0.3 ms of CPU.
 */
export const SCRIPT_URL_BANNER =
  "var __frameworkScriptUrl = /^(?:\\/[\\w@+-][\\w.@+-]*)+$/.test(__filename) ? 'file://' + __filename : require('node:url').pathToFileURL(__filename).href;";
/** What the script and its packages loaded on demand are built as: CommonJS for Node. */
const cjsScript = {
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // `import()` is not available in a snapshot, nor in a script without Node's ES loader: esbuild turns it into a `require`.
  supported: { 'dynamic-import': false },
  keepNames: true,
  legalComments: 'none',
  logLevel: 'silent',
} as const satisfies BuildOptions;

/**
 * Bundles `entry` into one CommonJS script (returned) and its packages imported on demand into
 * `<outDir>/lazy/` (written, replacing an earlier `lazy/`).
 *
 * @example
 * const { text, lazy } = await bundleScript({ entry: 'src/main-http.ts', outDir: 'dist/snapshot', minify: false, cwd, option: '--snapshot', start: 'snapshot' });
 * @throws {Error} when the entry exports a value or the bundle carries gRPC (naming `option`)
 */
export async function bundleScript(options: ScriptBundleOptions): Promise<ScriptBundle> {
  const { cwd, outDir } = options;
  const entry = path.resolve(cwd, options.entry);
  if (!fs.existsSync(entry)) throw new Error(`The entry ${options.entry} does not exist.`);
  const name = path.basename(entry).replace(/\.[cm]?[jt]sx?$/, '');
  const script = path.join(outDir, `${name}.cjs`);
  const entrySource = snapshotEntrySource(fs.readFileSync(entry, 'utf8'), path.relative(cwd, entry), options.option);
  const run = (lazy: Map<string, LazyPackage>, outside: (id: string, kind: ImportKind, resolved: string) => boolean) =>
    build({
      entryPoints: [{ in: `${VIRTUAL}:main`, out: name }],
      ...cjsScript,
      outdir: outDir,
      absWorkingDir: cwd,
      // The modules' `import.meta.url` is the script's own.
      define: { 'import.meta.url': '__frameworkScriptUrl' },
      banner: { js: SCRIPT_URL_BANNER },
      minify: options.minify,
      write: false,
      metafile: true,
      plugins: [scriptMain(entry, entrySource, options.start), lazyOutside(lazy, outside)],
    });
  // First what is imported with `import()`; then every package a start does not evaluate, however
  // imported (a package a start evaluates stays inside, even where it is also imported on demand).
  const first = await run(new Map(), (_, kind) => kind === 'dynamic-import');
  const eager = eagerPackageDirs(first.metafile!, `${VIRTUAL}:${VIRTUAL}:main`, cwd);
  const lazy = new Map<string, LazyPackage>();
  const result = await run(lazy, (_, __, resolved) => !eager.has(packageDirOf(fs.realpathSync(resolved))));
  if (carriesGrpc(result.metafile!, cwd)) {
    throw new Error(`${options.entry} starts a gRPC server: ${options.option} bundles an HTTP application (bundle a gRPC entry without it).`);
  }
  const output = result.outputFiles.find((file) => file.path === script);
  if (!output) throw new Error(`esbuild wrote no ${script}.`);
  fs.rmSync(path.join(outDir, 'lazy'), { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  await bundleLazy([...lazy.values()], path.join(outDir, 'lazy'), cwd, options.minify);
  const text = (options.prelude ?? '') + snapshotRequirePrelude([...lazy.values()]) + unwrapInferredNames(output.text);
  return { text, lazy: [...lazy.keys()] };
}

/** The script's entry: the rewritten application entry, and how its main function is started. */
function scriptMain(entry: string, entrySource: string, start: ScriptBundleOptions['start']): Plugin {
  const spec = JSON.stringify(entry.split(path.sep).join('/'));
  const starter = `const start = () => ${SNAPSHOT_MAIN}().catch((error) => { console.error(error); process.exit(1); });\n`;
  return {
    name: 'framework-snapshot-main',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${VIRTUAL}:`) }, (args) => ({ path: args.path, namespace: VIRTUAL }));
      b.onLoad({ filter: /.*/, namespace: VIRTUAL }, () => ({
        // Built as a snapshot: the entry runs when the blob starts; run as a plain script: now.
        contents:
          start === 'snapshot'
            ? `import { startupSnapshot } from 'node:v8';\nimport { ${SNAPSHOT_MAIN} } from ${spec};\n${starter}` +
              'if (startupSnapshot?.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(start); else start();\n'
            : `import { ${SNAPSHOT_MAIN} } from ${spec};\n${starter}start();\n`,
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
    ...cjsScript,
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
