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
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Bundles one package folder. */
export async function bundlePackage(packageDir) {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const entryPoints = entryPointsOf(pkg, path.join(packageDir, 'package.json')).map((entry) => path.join(packageDir, entry));
  const outdir = path.join(packageDir, BUNDLE_DIR);
  rmSync(outdir, { recursive: true, force: true });
  const { outputFiles } = await build({
    entryPoints,
    outbase: path.join(packageDir, 'dist'),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral', // Node and Deno alike: node: built-ins and packages stay imports
    packages: 'external',
    external: ['node:*'],
    chunkNames: 'chunks/[name]-[hash]',
    keepNames: true, // error names, guard and middleware names in logs come from `.name`
    target: 'node20',
    logLevel: 'warning',
    write: false,
  });
  for (const file of outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.path.endsWith('.js') ? unwrapInferredNames(file.text) : file.contents);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/bundle-runtime.mjs <package dir> [...]');
    process.exit(2);
  }
  for (const dir of dirs) await bundlePackage(dir);
}
