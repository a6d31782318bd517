// Node binaries of other release lines for the runtime matrix (test/run.mjs --matrix), installed
// from the npm registry's `node` package (which carries the binary of each platform in a package
// of its own) into a cache kept between runs on the same machine:
// `${XDG_CACHE_HOME:-~/.cache}/framework-ci/node-<major>`. Nothing is downloaded from elsewhere.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Where the Node binaries are kept between runs. */
export const NODE_CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'framework-ci');

const versionOf = (binary) => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';

/**
 * The path of a `node` of release line `major`: this process's own when it is of that line, else
 * the cached one, installed first when missing (`npm install --prefix <cache>/node-<major> node@<major>`).
 *
 * @example
 * const node = ensureNode(22);
 * if (node.ok) spawn(node.path, ['--version']);
 */
export function ensureNode(major) {
  if (Number(process.versions.node.split('.')[0]) === major) return { ok: true, path: process.execPath, version: process.version, installed: false };
  const prefix = path.join(NODE_CACHE, `node-${major}`);
  const binary = path.join(prefix, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(binary) && versionOf(binary).startsWith(`v${major}.`)) return { ok: true, path: binary, version: versionOf(binary), installed: false };
  mkdirSync(prefix, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The package's preinstall links the binary of this platform: allowed by name, nothing else runs.
  // npm takes that permission from the project's package.json (it refuses `--allow-scripts` there).
  writeFileSync(path.join(prefix, 'package.json'), `${JSON.stringify({ name: `node-${major}-provision`, private: true, allowScripts: { node: true } }, null, 2)}\n`);
  const install = spawnSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `node@${major}`], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  const version = existsSync(binary) ? versionOf(binary) : '';
  if (install.status !== 0 || !version.startsWith(`v${major}.`)) {
    return { ok: false, message: `Node ${major} could not be installed from the npm registry into ${prefix}:\n${install.stdout}${install.stderr}` };
  }
  return { ok: true, path: binary, version, installed: true };
}
