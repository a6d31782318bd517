#!/usr/bin/env node
// Makes sure `nginx` can be started by the load-balancer suites (see system-tool.mjs): three
// instances of the example behind a real nginx, for HTTP and for gRPC over HTTP/2.
import { existsSync } from 'node:fs';
import { ensureSystemTool, findOnPath, runWhenScript } from './system-tool.mjs';

export const MISSING =
  'npm test needs nginx for the load-balancer suites and cannot install it here: install it (Debian/Ubuntu: `sudo apt-get install nginx`, macOS: `brew install nginx`) and run again.';

/** nginx on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
export function findNginx(env = process.env) {
  return findOnPath('nginx', env) ?? ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path));
}

/**
 * Ensures nginx is installed. Returns `{ ok: true, path }`, or `{ ok: false, message }` with the
 * one line to print.
 *
 * @example
 * const nginx = ensureNginx();
 * if (!nginx.ok) { console.error(nginx.message); process.exit(1); }
 */
export function ensureNginx(env = process.env, log = (line) => console.log(line)) {
  return ensureSystemTool(
    {
      name: 'nginx',
      why: 'the load-balancer suites run three instances behind a real one',
      find: findNginx,
      apt: ['nginx'],
      brew: ['nginx'],
      missing: MISSING,
    },
    env,
    log,
  );
}

runWhenScript(import.meta.url, ensureNginx, 'nginx');
