#!/usr/bin/env node
// Makes sure `redis-server` can be started by the throttler's Redis suites: found on PATH, or
// installed with the system package manager when that is possible without a password (root, or
// passwordless sudo). Otherwise it says in one line what to install, so `npm test` stops at once
// instead of failing four suites deep in their set-up.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The absolute path of `command` on PATH, or undefined. */
export function findOnPath(command, env = process.env) {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** How to run a package manager as root without asking for a password: [] as root, ['sudo', '-n'] with passwordless sudo, else undefined. */
function asRoot(env) {
  if (process.getuid?.() === 0) return [];
  const sudo = findOnPath('sudo', env);
  if (sudo && spawnSync(sudo, ['-n', 'true'], { stdio: 'ignore', env }).status === 0) return [sudo, '-n'];
  return undefined;
}

/** The install commands this machine can run unattended, or undefined. */
function installPlan(env) {
  const aptGet = findOnPath('apt-get', env);
  const root = aptGet ? asRoot(env) : undefined;
  if (aptGet && root) {
    const apt = (...args) => [...root, 'env', 'DEBIAN_FRONTEND=noninteractive', aptGet, ...args];
    return { name: 'apt-get', steps: [apt('update', '-qq'), apt('install', '-y', '-qq', 'redis-server')] };
  }
  const brew = findOnPath('brew', env);
  if (brew) return { name: 'brew', steps: [[brew, 'install', 'redis']] };
  return undefined;
}

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
  const found = findOnPath('redis-server', env);
  if (found) return { ok: true, path: found };
  const plan = installPlan(env);
  if (!plan) return { ok: false, message: MISSING };
  log(`redis-server is missing: installing it with ${plan.name} (the throttler Redis suites run against a real one)`);
  for (const [command, ...args] of plan.steps) {
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' });
    if (result.status !== 0) {
      const why = (result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n').pop();
      return { ok: false, message: `${MISSING} (${plan.name} failed: ${why})` };
    }
  }
  const installed = findOnPath('redis-server', env);
  return installed ? { ok: true, path: installed } : { ok: false, message: MISSING };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const redis = ensureRedis();
  if (!redis.ok) {
    console.error(redis.message);
    process.exit(1);
  }
  console.log(`redis-server: ${redis.path}`);
}
