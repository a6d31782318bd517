#!/usr/bin/env node
// CPU time of reading an environment schema at start: `loadConfig(EnvSchema)` and `app.init` of
// the app of bench/apps/config-schema (a schema with `@Matches`, `@IsEnum` and a rule's own
// message), bundled for Node as a deployment is, each start a fresh process. Prints the median
// and range of each, in ms.
//
//   npm run build:framework && node bench/config-load.mjs [--runs 21]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const at = process.argv.indexOf('--runs');
const runs = at > 0 ? Number(process.argv[at + 1]) : 21;
const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'compiler/dist/cli.js');
const app = 'bench/apps/config-schema';
const dir = mkdtempSync(join(tmpdir(), 'config-load-'));

function run(args, options = {}) {
  const r = spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8', ...options });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

try {
  run([cli, `${app}/src`, '--out', `${app}/generated`]);
  run([cli, 'bundle', `${app}/src/main.ts`, '--target', 'node', '--out', dir]);
  const main = join(dir, 'main.mjs');
  const samples = { loadConfig: [], init: [] };
  // One start of each first, not counted: the files in the page cache.
  for (const what of Object.keys(samples)) run([main, what], { cwd: dir });
  for (let i = 0; i < runs; i++) {
    for (const what of Object.keys(samples)) samples[what].push(JSON.parse(run([main, what], { cwd: dir }).trim().split('\n').pop()).cpuMs);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [what, values] of Object.entries(samples)) {
    console.log(`${what}: ${median(values).toFixed(1)} ms CPU (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}), ${values.length} fresh processes`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
