#!/usr/bin/env node
// The dev loop's time from save to answer: `framework-build dev` runs the todo example (as
// `npm run dev` does), the health controller's answer is changed by an atomic save, and the time
// until the restarted app serves the new answer is measured; with the type check (the default)
// and with --no-type-check, `--rounds` saves each, 2 s apart (as edits come), medians printed with
// the build and check times the loop printed. `--app <dir>` measures a generated app instead (made
// by `npm create framework-app`, installed): its `npm run dev`, saving its greeting service.
// The sources are put back at the end (and on Ctrl-C). Needs `npm run build:framework` first.
//
//   node bench/dev-loop.mjs [--rounds 5] [--app <dir>] [--only check|no-check] [-- <more dev flags, e.g. --no-overlap>]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals: extraFlags } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, app: { type: 'string' }, timings: { type: 'boolean', default: true }, only: { type: 'string' } }, allowNegative: true, allowPositionals: true });
const rounds = Number(values.rounds);
// Where the time went, from a dev loop that can say it (`--timings`; `--no-timings` for one that cannot).
const timings = values.timings ? ['--timings'] : [];
const app = values.app && path.resolve(values.app);
/** What runs, the file saved, what is changed in it, and where the answer is read. */
const target = app
  ? {
      cwd: app,
      command: [path.join(app, 'node_modules/@framework/compiler/bin/framework-build.js'), 'dev', 'src', '--entry', 'src/main.ts'],
      file: path.join(app, 'src/greeting/greeting.service.ts'),
      change: (text, mark) => text.replace('Hello, ${name}!', `Hello-${mark}, \${name}!`),
      answer: async (base) => (await (await fetch(`${base}/greetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' })).json()).message,
      expected: (mark) => `Hello-${mark}, Ada!`,
    }
  : {
      cwd: root,
      command: [path.join(root, 'compiler/bin/framework-build.js'), 'dev', 'examples/todo/src', '--out', 'generated/todo', '--entry', 'examples/todo/src/main.ts'],
      file: path.join(root, 'examples/todo/src/health/health.controller.ts'),
      change: (text, mark) => text.replaceAll("'ok'", `'ok-${mark}'`),
      answer: async (base) => (await (await fetch(`${base}/health/`)).json()).status,
      expected: (mark) => `ok-${mark}`,
    };
const file = target.file;
const original = fs.readFileSync(file, 'utf8');
// The loop may be stopped before it rebuilt the put-back source: its output is put back too.
const outDir = path.join(target.cwd, app ? 'generated' : 'generated/todo');
const outputs = new Map((fs.existsSync(outDir) ? fs.readdirSync(outDir, { recursive: true }) : []).map((name) => path.join(outDir, String(name))).filter((f) => fs.statSync(f).isFile()).map((f) => [f, fs.readFileSync(f)]));
const restore = () => {
  fs.writeFileSync(file, original);
  for (const [output, bytes] of outputs) fs.writeFileSync(output, bytes);
};
/** The dev loop running now: stopped on SIGINT too, so that an interrupted bench leaves no loop or app behind. */
let running;
process.once('SIGINT', () => {
  restore();
  running?.kill('SIGTERM');
  process.exit(130);
});

const atomicSave = (text) => {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** Starts the dev loop; resolves with a function giving the newest app's port, and the process. */
async function startLoop(flags) {
  const child = spawn(
    process.execPath,
    [...target.command, ...flags, ...extraFlags],
    { cwd: target.cwd, env: { ...process.env, PORT: '0', GRPC_PORT: '0', JWT_SECRET: 'dev-loop-bench-secret-of-32-bytes-at-least', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running = child;
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const port = () => [...output.matchAll(/HTTP on http:\/\/[^:/\s]+:(\d+)/g)].at(-1)?.[1];
  const started = performance.now();
  while (!port()) {
    if (performance.now() - started > 180_000) throw new Error(`the dev loop did not start:\n${output}`);
    await sleep(50);
  }
  return { port, output: () => output, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

async function answer(port) {
  try {
    return await target.answer(`http://127.0.0.1:${port}`);
  } catch {
    return undefined; // between two processes
  }
}

async function measure(flags) {
  const startedAt = performance.now();
  const loop = await startLoop(flags);
  const startMs = Math.round(performance.now() - startedAt);
  const times = [];
  try {
    await sleep(2000); // the first save, too, comes a moment after the start
    for (let round = 1; round <= rounds; round++) {
      const wanted = target.expected(round);
      const saved = performance.now();
      atomicSave(target.change(original, round));
      while ((await answer(loop.port())) !== wanted) {
        if (performance.now() - saved > 60_000) throw new Error(`not served within 60 s:\n${loop.output()}`);
        await sleep(5);
      }
      times.push(Math.round(performance.now() - saved));
      await sleep(2000);
    }
  } finally {
    restore();
    await loop.stop();
  }
  const checks = [...loop.output().matchAll(/types checked in (\d+) ms/g)].map((m) => Number(m[1]));
  const builds = [...loop.output().matchAll(/into \S+ in (\d+) ms/g)].map((m) => Number(m[1]));
  // Printed by --timings (a loop that has it): the new app's load and init, the old app's stop;
  // the first app's, which a loop that checks beside it prints apart.
  const starts = [...loop.output().matchAll(/loaded and initialised in (\d+) ms, the last one (?:stopped|freed its ports) in (\d+) ms/g)].map((m) => `${m[1]}+${m[2]}`);
  const firstApp = /the first app loaded and initialised in (\d+) ms/.exec(loop.output())?.[1];
  // A loop that starts its first app as any other prints its start first.
  return { startMs, times, checks, builds, starts: firstApp ? starts : starts.slice(1), firstApp };
}

// The machine's load decides these times as much as the code does: printed with them.
const load = () => os.loadavg().slice(0, 2).map((n) => n.toFixed(1)).join('/');
try {
  console.log(`load average (1/5 min) at the start: ${load()}`);
  const modes = [['check', 'type check', []], ['no-check', '--no-type-check', ['--no-type-check']]].filter(([name]) => !values.only || values.only === name);
  for (const [label, flags] of modes.map(([, l, f]) => [l, [...f, ...timings]])) {
    const { startMs, times, checks, builds, starts, firstApp } = await measure(flags);
    const checkText = checks.length > 1 ? `; type checks ${checks.slice(1).join(', ')} ms (first, at start: ${checks[0]} ms)` : '';
    const buildText = `; builds ${builds.slice(1).join(', ')} ms${starts.length > 0 ? `; app start+old stop ${starts.join(', ')} ms` : ''}`;
    const firstText = `start to first answer ${startMs} ms (first build ${builds[0]} ms${firstApp ? `, first app's start ${firstApp} ms` : ''})`;
    console.log(`${label} (load ${load()}): save → answer median ${median(times)} ms (${times.join(', ')}); ${firstText}${buildText}${checkText}`);
  }
} finally {
  restore();
}
