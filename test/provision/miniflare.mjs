// Miniflare (Cloudflare's local Workers simulator, which runs the real `workerd`) for the suites
// that run an application as a Worker (test/workers/), installed from the npm registry's
// `miniflare` package (`workerd`'s binary is a package of its own, `@cloudflare/workerd-<platform>`)
// into a cache kept between runs on the same machine: `${XDG_CACHE_HOME:-~/.cache}/framework-ci/miniflare`.
// About 165 MB installed. Nothing is downloaded from elsewhere.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE_CACHE } from './node.mjs';

/** The Miniflare release line the suites run on. */
export const MINIFLARE_VERSION = '4';

/**
 * The URL of Miniflare's module, installed first when missing
 * (`npm install --prefix <cache>/miniflare miniflare@4`), or why there is none.
 *
 * @example
 * const miniflare = ensureMiniflare();
 * if (miniflare.ok) { const { Miniflare } = await import(miniflare.url); }
 */
export function ensureMiniflare() {
  const prefix = path.join(NODE_CACHE, 'miniflare');
  const entry = path.join(prefix, 'node_modules', 'miniflare', 'dist', 'src', 'index.js');
  if (existsSync(entry)) return { ok: true, url: pathToFileURL(entry).href, installed: false };
  mkdirSync(prefix, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // workerd's postinstall checks its platform binary: allowed by name, nothing else runs (npm
  // takes that permission from the project's package.json).
  writeFileSync(path.join(prefix, 'package.json'), `${JSON.stringify({ name: 'miniflare-provision', private: true, allowScripts: { workerd: true } }, null, 2)}\n`);
  const install = spawnSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `miniflare@${MINIFLARE_VERSION}`], { encoding: 'utf8', timeout: 600_000 });
  if (install.status !== 0 || !existsSync(entry)) {
    return { ok: false, message: `Miniflare could not be installed from the npm registry into ${prefix}:\n${install.stdout}${install.stderr}` };
  }
  return { ok: true, url: pathToFileURL(entry).href, installed: true };
}
