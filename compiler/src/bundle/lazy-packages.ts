import fs from 'node:fs';
import type { Loader, Plugin } from 'esbuild';

/**
 * For a bundle split into lazy chunks (`split`): a package the code loads with `import('pino')`
 * goes into a chunk of its own, and esbuild gives the chunk of a CommonJS package only its
 * `default` export (an ES module's exports are fixed before it runs), where one file — and Node
 * itself — also give the names of its `module.exports`: `const { pino } = await import('pino')`
 * would find nothing. So each `import('<package>')` in the code is wrapped: the namespace it
 * resolves to gets those names from its `default` when it has nothing else.
 *
 * @example
 * plugins: [lazyPackages()] // `(await import('ioredis')).Redis` is defined in the split bundle too
 */
export function lazyPackages(): Plugin {
  return {
    name: 'framework-lazy-packages',
    setup(b) {
      b.onLoad({ filter: /\.(?:[cm]?js|[cm]?ts)$/ }, (args) => {
        const text = fs.readFileSync(args.path, 'utf8');
        if (!BARE_IMPORT.test(text)) return undefined;
        const rewritten = text.replace(BARE_IMPORT_ALL, (call) => `${HELPER}(${call})`);
        return { contents: `${HELPER_SOURCE}\n${rewritten}`, loader: loaderOf(args.path) };
      });
    },
  };
}

/** `import('pkg')` or `import("@scope/pkg/sub")` with a literal bare name (not `node:`, not relative). */
const BARE = String.raw`\bimport\(\s*(['"])(?!node:|\.|\/)[^'"\s]+\1\s*\)`;
const BARE_IMPORT = new RegExp(BARE);
const BARE_IMPORT_ALL = new RegExp(BARE, 'g');

const HELPER = '__frameworkNamedExports';
// `var`, so that two rewritten modules hoisted into one scope by esbuild cannot clash.
const HELPER_SOURCE =
  `var ${HELPER} = (loading) => loading.then((m) => { const names = Object.keys(m); ` +
  `if (names.length !== 1 || names[0] !== 'default' || m.default === null || (typeof m.default !== 'object' && typeof m.default !== 'function')) return m; ` +
  `return Object.assign(Object.create(null), m.default, { default: m.default }); });`;

function loaderOf(file: string): Loader {
  return /\.[cm]?ts$/.test(file) ? 'ts' : 'js';
}
