#!/usr/bin/env node
// Makes sure Debian's Prometheus server can be started by the Prometheus scrape suite (see system-tool.mjs).
import { existsSync } from 'node:fs';
import { ensureSystemTool, findOnPath, runWhenScript } from './system-tool.mjs';

export const MISSING =
  'npm test needs a Prometheus server for the metrics scrape suite and cannot install it here: install it (Debian/Ubuntu: `sudo apt-get install prometheus`, macOS: `brew install prometheus`) and run again.';

/** Where the server is: `/usr/bin/prometheus` (Debian) or a `prometheus` on PATH. */
export function findPrometheus(env = process.env) {
  if (existsSync('/usr/bin/prometheus')) return '/usr/bin/prometheus';
  return findOnPath('prometheus', env);
}

/**
 * Ensures the Prometheus server is installed (the package's own service is not needed: the suite
 * starts its own server on a free port). Returns `{ ok: true, path }`, or `{ ok: false, message }`.
 *
 * @example
 * const prometheus = ensurePrometheus();
 * if (!prometheus.ok) { console.error(prometheus.message); process.exit(1); }
 */
export function ensurePrometheus(env = process.env, log = (line) => console.log(line)) {
  return ensureSystemTool(
    {
      name: 'prometheus',
      why: 'the example’s metrics are scraped and queried by a real Prometheus server',
      find: findPrometheus,
      apt: ['prometheus'],
      brew: ['prometheus'],
      missing: MISSING,
    },
    env,
    log,
  );
}

runWhenScript(import.meta.url, ensurePrometheus, 'prometheus');
