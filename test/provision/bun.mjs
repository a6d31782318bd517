// Bun for the suites that run an application on it (test/bun/), installed from the npm registry's
// `bun` package (whose platform binary is a package of its own, `@oven/bun-<platform>`, linked by
// the package's postinstall) into a cache kept between runs on the same machine:
// `${XDG_CACHE_HOME:-~/.cache}/framework-ci/bun`. Nothing is downloaded from elsewhere.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NODE_CACHE } from './node.mjs';

/** The Bun release line the suites run on. */
export const BUN_VERSION = '1';

const versionOf = (binary) => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';

/**
 * The path of a working `bun`, installed first when missing
 * (`npm install --prefix <cache>/bun bun@1`), or why there is none.
 *
 * @example
 * const bun = ensureBun();
 * if (bun.ok) spawn(bun.path, ['dist/bundle/main.mjs']);
 */
export function ensureBun() {
  const prefix = path.join(NODE_CACHE, 'bun');
  const binary = path.join(prefix, 'node_modules', 'bun', 'bin', 'bun.exe') // the package names it so on every platform;
  if (existsSync(binary) && versionOf(binary) !== '') return { ok: true, path: binary, version: versionOf(binary), installed: false };
  mkdirSync(prefix, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The package's postinstall links the binary of this platform: allowed by name, nothing else runs.
  // npm takes that permission from the project's package.json (it refuses `--allow-scripts` there).
  writeFileSync(path.join(prefix, 'package.json'), `${JSON.stringify({ name: 'bun-provision', private: true, allowScripts: { bun: true } }, null, 2)}\n`);
  const install = spawnSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `bun@${BUN_VERSION}`], { encoding: 'utf8', timeout: 600_000 });
  const version = existsSync(binary) ? versionOf(binary) : '';
  if (install.status !== 0 || version === '') {
    return { ok: false, message: `Bun could not be installed from the npm registry into ${prefix}:\n${install.stdout}${install.stderr}` };
  }
  return { ok: true, path: binary, version, installed: true };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const bun = ensureBun();
  console.log(bun.ok ? `bun ${bun.version} at ${bun.path} (${bun.installed ? `installed in ${Date.now() - started} ms` : 'cached'})` : bun.message);
  process.exitCode = bun.ok ? 0 : 1;
}
