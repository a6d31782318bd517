// Deno for the Deno peers: the binary the root's `deno` devDependency ships, run with the flags
// `npm run start:deno` uses (docs/deno.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The Deno binary and its version, or why there is none. The binary itself, not the
 * `node_modules/.bin/deno` shim: the shim is a Node process that would count in RSS and CPU.
 *
 * @example
 * const deno = findDeno(); if (deno.reason) log(deno.reason);
 */
export function findDeno() {
  let path;
  try {
    path = join(dirname(createRequire(root + 'package.json').resolve('deno/package.json')), 'deno');
  } catch {
    return { reason: 'the deno devDependency is not installed (npm ci)' };
  }
  if (!existsSync(path)) return { reason: `no Deno binary at ${path} (its postinstall did not run for this platform)` };
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) return { reason: `${path} --version failed: ${probe.stderr || probe.error?.message}` };
  return { path, version: probe.stdout.split('\n')[0].trim() };
}

/**
 * `deno run` arguments: the fewest permissions (net, env, read access to `readable` only, and the
 * `sys` values named), node_modules as npm laid them out, nothing downloaded, no prompt.
 */
export function denoRunArgs(script, readable = [], sys = []) {
  const read = readable.length > 0 ? [`--allow-read=${readable.join(',')}`] : [];
  const system = sys.length > 0 ? [`--allow-sys=${sys.join(',')}`] : [];
  return ['run', '--no-prompt', '--node-modules-dir=manual', '--cached-only', '--allow-net', '--allow-env', ...system, ...read, script];
}
