import type { Plugin } from 'esbuild';

/** A package the code loads with `import('<name>')`, kept out of the snapshot: its file in `lazy/`. */
export interface LazyPackage {
  /** What the code imports: `pino`, `@opentelemetry/sdk-node`. */
  readonly id: string;
  /** Where esbuild resolves it from (the importer's directory). */
  readonly resolveDir: string;
  /** Its bundle's name in `lazy/`. */
  readonly file: string;
}

/**
 * Inside a startup snapshot `require` gives Node's built-ins only, and `import()` is not available
 * at all (Node 20–24). A package the code imports on demand (`import('pino')`, the OpenTelemetry
 * SDK, ioredis) is therefore left out of the snapshot — it is not needed to start, and its source
 * would make the blob larger, which every start pays for — and bundled on its own into `lazy/`, a
 * CommonJS file the snapshot's `require` reads beside the blob when the package is first imported.
 * A package that is also imported statically stays inside (one copy of its state).
 *
 * @example
 * const lazy = new Map<string, LazyPackage>();
 * await build({ …, format: 'cjs', supported: { 'dynamic-import': false }, plugins: [lazyOutside(lazy, new Set())] });
 */
export function lazyOutside(into: Map<string, LazyPackage>, keepInside: ReadonlySet<string>): Plugin {
  return {
    name: 'framework-snapshot-lazy',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind !== 'dynamic-import' || args.path.startsWith('node:') || keepInside.has(packageOf(args.path))) return undefined;
        if (!into.has(args.path)) into.set(args.path, { id: args.path, resolveDir: args.resolveDir, file: `${args.path.replace(/[@/]/g, '_')}.cjs` });
        return { path: args.path, external: true };
      });
    },
  };
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The top of the snapshot's script: a `require` that gives the lazy packages from `lazy/` beside
 * the blob (the directory of `--snapshot-blob`, found when first asked, so that the blob can be
 * moved with its `lazy/`), and Node's own `require` for the rest.
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
    besideBlob ??= nativeRequire('node:module').createRequire(nativeRequire('node:path').join(blobDir(), 'lazy', 'index.cjs'));
    return besideBlob('./' + file);
  };
})(require);
`;
}
