#!/usr/bin/env node
// `npm run release -- [<version>] [--dry-run] [--registry <url>] [--token <token>] [--tag <dist-tag>]`
//
// Releases the framework: every published package at one version. Sets `<version>` (when given)
// in each package.json and in the packages' ranges on each other, packs every package as
// `npm run pack` does, refuses tarballs that publint (strict) or arethetypeswrong (ESM-only
// profile) find fault with, then publishes the tarballs in dependency order. `--dry-run` does
// all of it but changes no file (the versions are set back after packing) and runs
// `npm publish --dry-run`. A real release needs a registry token: `--token` or NPM_TOKEN.
//
//   npm run release -- 2.12.0 --dry-run
//   NPM_TOKEN=… npm run release -- 2.12.0 --registry https://registry.npmjs.org/
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { PUBLISHED, packAll } from './pack.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** Runs a command; throws with its output when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/**
 * Writes `version` into every published package.json and the framework's ranges on itself
 * (`@framework/core` as a peer of grpc and testing); returns a function that restores the files.
 */
function setVersion(version) {
  const originals = new Map();
  const names = new Set(PUBLISHED.map((w) => JSON.parse(readFileSync(path.join(root, w, 'package.json'), 'utf8')).name));
  for (const workspace of PUBLISHED) {
    const file = path.join(root, workspace, 'package.json');
    const text = readFileSync(file, 'utf8');
    originals.set(file, text);
    const manifest = JSON.parse(text);
    manifest.version = version;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const name of Object.keys(manifest[field] ?? {})) if (names.has(name)) manifest[field][name] = `^${version}`;
    }
    writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return () => originals.forEach((text, file) => writeFileSync(file, text));
}

/** The one version of every published package; throws when they differ. */
function currentVersion() {
  const versions = new Set(PUBLISHED.map((w) => JSON.parse(readFileSync(path.join(root, w, 'package.json'), 'utf8')).version));
  if (versions.size !== 1) throw new Error(`the packages have different versions (${[...versions].join(', ')}); give the version to release.`);
  return [...versions][0];
}

/** publint --strict and attw (ESM-only profile: the packages are ES modules) on one tarball. */
function lint(tarball) {
  run(bin('publint'), ['--strict', tarball]);
  run(bin('attw'), ['--pack', tarball, '--profile', 'esm-only', '--format', 'ascii']);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false }, registry: { type: 'string' }, token: { type: 'string' }, tag: { type: 'string', default: 'latest' } },
});
const dryRun = values['dry-run'];
const token = values.token ?? process.env.NPM_TOKEN;
try {
  const wanted = positionals[0];
  if (positionals.length > 1 || (wanted !== undefined && !SEMVER.test(wanted))) throw new Error(`usage: npm run release -- [<x.y.z>] [--dry-run] [--registry <url>] [--token <token>] [--tag <dist-tag>]`);
  if (!dryRun && !token) throw new Error('a release publishes: give --token (or NPM_TOKEN), or try it with --dry-run.');
  const version = wanted ?? currentVersion();
  const out = mkdtempSync(path.join(tmpdir(), 'framework-release-'));
  try {
    // A dry run packs the new version, then puts every file back as it was.
    const restore = wanted && wanted !== currentVersion() ? setVersion(wanted) : () => undefined;
    let tarballs;
    try {
      tarballs = packAll(out);
    } finally {
      if (dryRun) restore();
    }
    for (const packed of tarballs) {
      if (packed.version !== version) throw new Error(`${packed.name} packed at ${packed.version}, not ${version}`);
      lint(path.join(out, packed.file));
    }
    const registry = values.registry ? ['--registry', values.registry] : [];
    // The token goes to npm for this registry only, on the command line of this one process.
    const auth = token ? [`--//${new URL(values.registry ?? 'https://registry.npmjs.org/').host}/:_authToken=${token}`] : [];
    for (const packed of tarballs) {
      run(npm, ['publish', path.join(out, packed.file), '--tag', values.tag, '--access', 'public', ...registry, ...auth, ...(dryRun ? ['--dry-run'] : [])]);
      console.log(`${dryRun ? 'would publish' : 'published'} ${packed.name}@${packed.version} (${packed.entries} files, ${(packed.size / 1024).toFixed(1)} kB)`);
    }
    if (dryRun && wanted) console.log(`dry run: the package.json files are unchanged (${version} was set while packing only)`);
    if (!dryRun && wanted) {
      // The lockfile records the workspaces' versions: keep it in step, for the release commit.
      run(npm, ['install', '--package-lock-only', '--no-audit', '--no-fund']);
      console.log(`commit the new version: git commit -am "Release ${version}" && git tag v${version}`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
} catch (error) {
  console.error(`release: ${error.message}`);
  process.exit(1);
}
