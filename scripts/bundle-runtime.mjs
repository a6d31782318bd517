#!/usr/bin/env node
// Bundles a runtime package's compiled output (tsc's dist/) into a few ES modules under
// dist/bundle/, one per entry point of its `exports` plus shared chunks: a server then loads a
// handful of files at start-up instead of a hundred, which is most of the framework's own share
// of cold start. Entry points share chunks, so a class is the same class through every subpath;
// lazy `import()`s stay lazy (their own chunks) and dependencies stay external. Declarations stay
// where tsc wrote them.
//
//   node scripts/bundle-runtime.mjs runtime/core
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { unwrapInferredNames } from './bundle-names.mjs';

const BUNDLE_DIR = './dist/bundle/';

/** The package's entry points: each export's `default`, which must live under dist/bundle/. */
export function entryPointsOf(pkg, where) {
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object' && target.default)
    .map(([subpath, target]) => {
      if (!target.default.startsWith(BUNDLE_DIR)) {
        throw new Error(`${where}: export '${subpath}' points at ${target.default}; runtime exports point into ${BUNDLE_DIR} (the bundle of dist/)`);
      }
      return './dist/' + target.default.slice(BUNDLE_DIR.length);
    });
}

// Small CommonJS dependencies a start loads, inlined: each would otherwise cost the ES module loader
// a resolution, a read and a CommonJS export scan per file (the compiled validators alone import
// 14 files of validator.js). Stateless, so a second copy elsewhere in an application is harmless.
const INLINED = new Set(['validator', 'libphonenumber-js', 'range-parser', 'cookie', 'negotiator']);

/**
 * Every package import left external (resolved where the package is installed), except those of
 * `inlined` and of what they require, which are taken from where Node itself resolves them for the importing file (the
 * `neutral` platform reads no `main` field, and would look higher up for a package that has only
 * one, such as cookie 1.x, and find another version there).
 */
function packagesOutsideBut(inlined) {
  return {
    name: 'packages-outside',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        // What an inlined package requires is inlined with it (negotiator requires content-type).
        const inside = inlined.has(name) || args.importer.includes(`${path.sep}node_modules${path.sep}`);
        return inside ? { path: createRequire(args.importer).resolve(args.path) } : { path: args.path, external: true };
      });
    },
  };
}

// Subpaths bundled on their own: the checks of the rarer formats (and their validator.js and
// libphonenumber-js modules), which share no chunk with the rest, so that what every compiled app
// loads at start (`./validation`) stays the files it was: a chunk shared with them would be one
// more file to load.
const STANDALONE = new Set(['./validation/codes', './validation/text', './validation/phone']);

/** The bundle of some entry points of a package (sharing chunks among themselves only), not written yet. */
async function bundleEntries(packageDir, entryPoints, outdir) {
  const { outputFiles } = await build({
    entryPoints,
    outbase: path.join(packageDir, 'dist'),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral', // Node and Deno alike: node: built-ins and packages stay imports
    external: ['node:*'],
    plugins: [packagesOutsideBut(INLINED)],
    chunkNames: 'chunks/[name]-[hash]',
    keepNames: true, // error names, guard and middleware names in logs come from `.name`
    target: 'node20',
    logLevel: 'warning',
    write: false,
  });
  return outputFiles;
}

/** Bundles one package folder. */
export async function bundlePackage(packageDir) {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const where = path.join(packageDir, 'package.json');
  const entries = (standalone) => entryPointsOf({ exports: Object.fromEntries(Object.entries(pkg.exports).filter(([subpath]) => STANDALONE.has(subpath) === standalone)) }, where)
    .map((entry) => path.join(packageDir, entry));
  const outdir = path.join(packageDir, BUNDLE_DIR);
  const outputFiles = [];
  for (const entryPoints of [entries(false), entries(true)].filter((list) => list.length > 0)) outputFiles.push(...await bundleEntries(packageDir, entryPoints, outdir));
  // Only what changed is written, and only files no longer emitted are removed: bundling again an
  // unchanged package (`npm run pack` while the test suites run) leaves every file in place for
  // the processes loading them.
  const written = new Set();
  for (const file of outputFiles) {
    const contents = file.path.endsWith('.js') ? unwrapInferredNames(file.text) : Buffer.from(file.contents);
    written.add(path.resolve(file.path));
    if (existsSync(file.path) && readFileSync(file.path).equals(Buffer.from(contents))) continue;
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, contents);
  }
  const stale = existsSync(outdir) ? readdirSync(outdir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.resolve(entry.parentPath ?? entry.path, entry.name)) : [];
  for (const file of stale) if (!written.has(file)) rmSync(file);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/bundle-runtime.mjs <package dir> [...]');
    process.exit(2);
  }
  for (const dir of dirs) await bundlePackage(dir);
}
