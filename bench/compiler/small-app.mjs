#!/usr/bin/env node
// A small app's build beside `tsc --noEmit` on the same app: the app `npm create framework-app`
// writes (3 routes), installed from this checkout's packed tarballs (or `--app <dir>`, an app
// already installed). Rounds alternate `tsc --noEmit` and `framework-build src --out generated`,
// each in a fresh process, timing the wall clock and the CPU the process used (user + system, from
// /proc/self/stat's reaped-children counters); then `build-phases.mjs` says where a build's time
// goes. Medians with the range of every round, and the load average before and after, since a
// busy machine stretches every figure. Needs `npm run build:framework` first.
//
//   node bench/compiler/small-app.mjs [--rounds 5] [--app <dir>] [--node <path to another node>]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, app: { type: 'string' }, node: { type: 'string', default: process.execPath } } });
const rounds = Number(values.rounds);
const node = values.node;

/** An installed app: the one given, or a new one made from this checkout's tarballs. */
function appToMeasure() {
  if (values.app) return { dir: path.resolve(values.app), dispose: () => undefined };
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-small-app-'));
  const packages = path.join(scratch, 'packages');
  execFileSync(process.execPath, [path.join(root, 'scripts/pack.mjs'), '--out', packages], { stdio: 'ignore' });
  execFileSync(process.execPath, [path.join(root, 'create-framework-app/bin/create-framework-app.js'), 'app', '--packages', packages], { cwd: scratch, stdio: 'ignore' });
  const dir = path.join(scratch, 'app');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'ignore' });
  return { dir, dispose: () => fs.rmSync(scratch, { recursive: true, force: true }) };
}

/** CPU milliseconds of this process's reaped children (fields 16 and 17 of /proc/self/stat, in clock ticks). */
function childrenCpuMs() {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

/** One run of `args` in `cwd`: wall and CPU milliseconds, and its stdout. */
function timed(args, cwd) {
  const cpu = childrenCpuMs();
  const started = performance.now();
  const done = spawnSync(node, args, { cwd, encoding: 'utf8' });
  const wall = performance.now() - started;
  if (done.status !== 0) throw new Error(`${args.join(' ')} failed:\n${done.stdout}${done.stderr}`);
  return { wall, cpu: childrenCpuMs() - cpu, stdout: done.stdout };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const seconds = (ms) => (ms / 1000).toFixed(2);
const figure = (list) => `${seconds(median(list))} s (${seconds(Math.min(...list))}–${seconds(Math.max(...list))})`;

const app = appToMeasure();
try {
  const load = () => os.loadavg().slice(0, 2).map((n) => n.toFixed(1)).join('/');
  const loadBefore = load();
  const tsc = { wall: [], cpu: [] };
  const build = { wall: [], cpu: [] };
  const phases = [];
  // The app's tables, which tsc needs; also a first run of each, not counted (the disk cache, and
  // on Node 22+ the compile caches of both).
  timed([path.join(app.dir, 'node_modules/@framework/compiler/bin/framework-build.js'), 'src', '--out', 'generated'], app.dir);
  timed([path.join(app.dir, 'node_modules/typescript/bin/tsc'), '--noEmit'], app.dir);
  for (let round = 0; round < rounds; round++) {
    const checked = timed([path.join(app.dir, 'node_modules/typescript/bin/tsc'), '--noEmit'], app.dir);
    tsc.wall.push(checked.wall);
    tsc.cpu.push(checked.cpu);
    const built = timed([path.join(app.dir, 'node_modules/@framework/compiler/bin/framework-build.js'), 'src', '--out', 'generated'], app.dir);
    build.wall.push(built.wall);
    build.cpu.push(built.cpu);
    phases.push(JSON.parse(timed([path.join(root, 'bench/compiler/build-phases.mjs'), app.dir], app.dir).stdout));
  }
  const ratio = (a, b) => (median(a) / median(b)).toFixed(2);
  const phase = (name) => figure(phases.map((p) => p[name]));
  console.log(`Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}, ${rounds} rounds, load average ${loadBefore} before, ${load()} after; ${phases[0].files} files in the program.\n`);
  console.log('| | wall, median (range) | CPU, median (range) |');
  console.log('|---|---|---|');
  console.log(`| \`tsc --noEmit\` | ${figure(tsc.wall)} | ${figure(tsc.cpu)} |`);
  console.log(`| \`framework-build src --out generated\` | ${figure(build.wall)} | ${figure(build.cpu)} |`);
  console.log(`| ratio of the medians | ${ratio(build.wall, tsc.wall)}× | ${ratio(build.cpu, tsc.cpu)}× |`);
  console.log(`\nA build's phases (wall, one process each): load the compiler ${phase('load')}, project ${phase('project')}, parse ${phase('parse')}, bind and checker ${phase('checker')}, discover + analyze + emit ${phase('build')}.`);
} finally {
  app.dispose();
}
