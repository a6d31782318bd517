#!/usr/bin/env node
// `npm run pack [-- --out <folder>]`: packs every publishable package of the framework into one
// folder (default `dist/packages`), each built by its own `prepack`. A generated app installs them
// with `create-framework-app <dir> --packages <folder>` before anything is published.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/** The workspaces that are published, in dependency order. */
export const PUBLISHED = ['runtime/core', 'runtime/grpc', 'runtime/testing', 'compiler', 'create-framework-app'];

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist/packages' } } });
const out = path.resolve(values.out);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['pack', '--pack-destination', out, ...PUBLISHED.flatMap((w) => ['--workspace', w])], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (result.status !== 0) {
  console.error(`npm pack failed (exit ${result.status ?? result.signal})`);
  process.exit(1);
}
const tarballs = readdirSync(out).filter((f) => f.endsWith('.tgz')).sort();
console.log(`${tarballs.length} packages in ${path.relative(process.cwd(), out) || '.'}:\n${tarballs.map((t) => `  ${t}`).join('\n')}`);
