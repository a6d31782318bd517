#!/usr/bin/env node
// `npm run pack [-- --out <folder>]`: packs every publishable package of the framework into one
// folder (default `dist/packages`), each built by its own `prepack`, prints one line per package,
// then the command that creates an app from them. The generator is also copied to a name without
// its version (`create-framework-app.tgz`), so that command can be written down once in the docs.
// `npm run release` publishes the versioned tarballs.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/** The workspaces that are published, in dependency order. */
export const PUBLISHED = ['runtime/core', 'runtime/grpc', 'runtime/testing', 'compiler', 'create-framework-app'];

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Packs every published workspace into `out` (emptied first). npm's file listing and the prepack
 * builds' output are kept back and shown only when packing fails.
 *
 * @example
 * const tarballs = packAll('/tmp/packages'); // [{ name: '@framework/core', file: 'framework-core-2.11.0.tgz', … }, …]
 */
export function packAll(out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['pack', '--json', '--pack-destination', out, ...PUBLISHED.flatMap((w) => ['--workspace', w])], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`npm pack failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  const tarballs = JSON.parse(result.stdout).map((packed) => ({ name: packed.name, version: packed.version, file: packed.filename, size: packed.size, entries: packed.entryCount }));
  const generator = tarballs.find((packed) => packed.name === 'create-framework-app');
  if (generator) copyFileSync(path.join(out, generator.file), path.join(out, GENERATOR_TARBALL));
  return tarballs;
}

/** The generator's tarball under a name that stays the same from one version to the next. */
export const GENERATOR_TARBALL = 'create-framework-app.tgz';

/**
 * The command that creates `my-api` from the tarballs in `out`, run from the folder the app goes
 * in. `--yes`: npx installs the generator without asking, also where npm's `yes` is set to false.
 *
 * @example
 * createCommand('/src/framework/dist/packages')
 * // 'npx --yes --package=/src/framework/dist/packages/create-framework-app.tgz create-framework-app my-api --packages /src/framework/dist/packages'
 */
export function createCommand(out) {
  return `npx --yes --package=${path.join(out, GENERATOR_TARBALL)} create-framework-app my-api --packages ${out}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist/packages' } } });
  const out = path.resolve(values.out);
  try {
    const relative = path.relative(process.cwd(), out);
    const where = relative.startsWith('..') ? out : relative || '.';
    for (const packed of packAll(out)) {
      console.log(`${path.join(where, packed.file)}  ${packed.entries} files, ${(packed.size / 1024).toFixed(1)} kB`);
    }
    console.log(`\nCreate an app from these tarballs (add --grpc for a gRPC service), in the folder it goes in:\n  ${createCommand(out)}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
