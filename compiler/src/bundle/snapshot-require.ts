import fs from 'node:fs';
import path from 'node:path';
import type { ImportKind, Metafile, Plugin } from 'esbuild';

/** A package the code loads with `import('<name>')`, kept out of the snapshot: its file in `lazy/`. */
export interface LazyPackage {
  /** What the code imports: `pino`, `@opentelemetry/sdk-node`. */
  readonly id: string;
  /** Where esbuild resolves it from (the importer's directory). */
  readonly resolveDir: string;
  /** Its bundle's name in `lazy/`. */
  readonly file: string;
}

/** The file in `lazy/` of a package imported on demand (`@opentelemetry/api`: `_opentelemetry_api.cjs`). */
export function lazyFileOf(id: string): string {
  return `${id.replace(/[@/]/g, '_')}.cjs`;
}

/**
 * Inside a startup snapshot `require` gives Node's built-ins only, and `import()` is not available
 * (Node 20: "A dynamic import callback was not specified"). A package the code needs only on
 * demand — imported with `import('pino')`, or imported only by modules that are themselves loaded on
 * demand (class-validator, behind the runtime's fallback validator) — is therefore left out of the
 * snapshot: it is not needed to start, and its source would make the blob larger, which every
 * start pays for. It is bundled on its own into `lazy/`, a CommonJS file the snapshot's `require`
 * reads beside the blob when the package is first asked for (one instance, however it is asked for).
 *
 * `outside(id, kind)` says which bare imports to leave out.
 *
 * @example
 * const lazy = new Map<string, LazyPackage>();
 * await build({ …, format: 'cjs', supported: { 'dynamic-import': false }, plugins: [lazyOutside(lazy, (id, kind) => kind === 'dynamic-import')] });
 */
export function lazyOutside(into: Map<string, LazyPackage>, outside: (id: string, kind: ImportKind, resolved: string) => boolean): Plugin {
  return {
    name: 'framework-snapshot-lazy',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.kind === 'entry-point' || args.path.startsWith('node:') || (args.pluginData as { inner?: boolean } | undefined)?.inner) return undefined;
        const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { inner: true } });
        if (found.errors.length > 0 || found.external || !outside(args.path, args.kind, found.path)) return undefined;
        if (!into.has(args.path)) into.set(args.path, { id: args.path, resolveDir: args.resolveDir, file: lazyFileOf(args.path) });
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * The directories of the packages a start evaluates: those of the modules reached from the entry
 * through static imports only (an `import()` is not followed; a module esbuild evaluates on demand
 * is reached only through one).
 */
export function eagerPackageDirs(metafile: Metafile, entryInput: string, cwd: string): Set<string> {
  const seen = new Set<string>([entryInput]);
  const queue = [entryInput];
  while (queue.length > 0) {
    for (const imported of metafile.inputs[queue.pop()!]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || imported.external || seen.has(imported.path)) continue;
      seen.add(imported.path);
      queue.push(imported.path);
    }
  }
  return new Set([...seen].filter((input) => !input.includes(':')).map((input) => packageDirOf(path.resolve(cwd, input))));
}

const packageDirs = new Map<string, string>();
/** The directory of the package.json nearest to `file` (a workspace package's real directory too). */
export function packageDirOf(file: string): string {
  const start = path.dirname(file);
  let known = packageDirs.get(start);
  if (known !== undefined) return known;
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) || path.dirname(dir) === dir) {
      known = dir;
      break;
    }
  }
  packageDirs.set(start, known);
  return known;
}

/**
 * The top of the snapshot's script: a `require` that gives the lazy packages from `lazy/` beside
 * the blob (the directory of `--snapshot-blob`, found when first asked, so that the blob can be
 * moved with its `lazy/`), and Node's own `require` for the rest. A script run by the
 * `--code-cache` launcher gets them from the launcher, which compiles each with its own code cache.
 */
export function snapshotRequirePrelude(lazy: readonly LazyPackage[]): string {
  const table = JSON.stringify(Object.fromEntries(lazy.map((p) => [p.id, p.file])));
  return `var require = ((nativeRequire) => {
  const lazyFiles = ${table};
  let besideBlob;
  const blobDir = () => {
    const path = nativeRequire('node:path');
    const args = process.execArgv;
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--snapshot-blob' && args[i + 1]) return path.dirname(path.resolve(args[i + 1]));
      if (args[i].startsWith('--snapshot-blob=')) return path.dirname(path.resolve(args[i].slice('--snapshot-blob='.length)));
    }
    return __dirname;
  };
  return (id) => {
    const file = lazyFiles[id];
    if (file === undefined) return nativeRequire(id);
    // Run by the --code-cache launcher: it compiles the package with the code cache beside it.
    if (typeof loadLazyPackage === 'function') return loadLazyPackage(file);
    besideBlob ??= nativeRequire('node:module').createRequire(nativeRequire('node:path').join(blobDir(), 'lazy', 'index.cjs'));
    return besideBlob('./' + file);
  };
})(require);
`;
}
