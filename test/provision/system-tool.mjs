// Makes sure a system tool a group of suites needs is present: found already, or installed with the
// system package manager when that is possible without a password (root, or passwordless sudo).
// Otherwise it says in one line what to install, so `npm test` stops at once instead of failing
// suites deep in their set-up. Each tool has its own small module (redis.mjs, …) built on this one.
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
function installPlan(tool, env) {
  const aptGet = findOnPath('apt-get', env);
  const root = aptGet ? asRoot(env) : undefined;
  if (aptGet && root && tool.apt) {
    // Waits for another apt-get (a parallel provisioning) instead of failing on its lock.
    const apt = (...args) => [...root, 'env', 'DEBIAN_FRONTEND=noninteractive', aptGet, '-o', 'DPkg::Lock::Timeout=300', ...args];
    return { name: 'apt-get', steps: [apt('update', '-qq'), apt('install', '-y', '-qq', '--no-install-recommends', ...tool.apt)] };
  }
  const brew = findOnPath('brew', env);
  if (brew && tool.brew) return { name: 'brew', steps: [[brew, 'install', ...tool.brew]] };
  return undefined;
}

/**
 * Ensures a tool is present. `tool.find(env)` answers its path (or another truthy description) when
 * present; `tool.apt` / `tool.brew` name the packages that install it; `tool.missing` is the one line
 * printed when it cannot be had; `tool.why` says which suites need it.
 * Returns `{ ok: true, path }` or `{ ok: false, message }`.
 *
 * @example
 * const redis = ensureSystemTool({
 *   name: 'redis-server', why: 'the throttler Redis suites run against a real one',
 *   find: (env) => findOnPath('redis-server', env), apt: ['redis-server'], brew: ['redis'],
 *   missing: 'npm test needs redis-server …',
 * });
 */
export function ensureSystemTool(tool, env = process.env, log = (line) => console.log(line)) {
  const found = tool.find(env);
  if (found) return { ok: true, path: found };
  const plan = installPlan(tool, env);
  if (!plan) return { ok: false, message: tool.missing };
  log(`${tool.name} is missing: installing it with ${plan.name} (${tool.why})`);
  for (const [command, ...args] of plan.steps) {
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' });
    if (result.status !== 0) {
      const why = (result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n').pop();
      return { ok: false, message: `${tool.missing} (${plan.name} failed: ${why})` };
    }
  }
  const installed = tool.find(env);
  return installed ? { ok: true, path: installed } : { ok: false, message: tool.missing };
}

/**
 * Runs `ensure` when the module at `moduleUrl` is the script node was started with: prints
 * `<label>: <path>`, or the one-line message and exit code 1.
 *
 * @example
 * runWhenScript(import.meta.url, ensureRedis, 'redis-server');
 */
export function runWhenScript(moduleUrl, ensure, label) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  const tool = ensure();
  if (!tool.ok) {
    console.error(tool.message);
    process.exit(1);
  }
  console.log(`${label}: ${tool.path}`);
}
