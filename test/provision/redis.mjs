#!/usr/bin/env node
// Makes sure `redis-server` can be started by the throttler's Redis suites (see system-tool.mjs).
import { ensureSystemTool, findOnPath, runWhenScript } from './system-tool.mjs';

export { findOnPath };

export const MISSING =
  'npm test needs redis-server for the throttler Redis suites and cannot install it here: install it (Debian/Ubuntu: `sudo apt-get install redis-server`, macOS: `brew install redis`) and run again.';

/**
 * Ensures redis-server is on PATH. Returns `{ ok: true, path }`, or `{ ok: false, message }` with the
 * one line to print.
 *
 * @example
 * const redis = ensureRedis();
 * if (!redis.ok) { console.error(redis.message); process.exit(1); }
 */
export function ensureRedis(env = process.env, log = (line) => console.log(line)) {
  return ensureSystemTool(
    {
      name: 'redis-server',
      why: 'the throttler Redis suites run against a real one',
      find: (e) => findOnPath('redis-server', e),
      apt: ['redis-server'],
      brew: ['redis'],
      missing: MISSING,
    },
    env,
    log,
  );
}

runWhenScript(import.meta.url, ensureRedis, 'redis-server');
