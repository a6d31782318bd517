#!/usr/bin/env node
// The dev loop's time from save to answer on the example: `framework-build dev` runs the todo
// example (as `npm run dev` does), the health controller's answer is changed by an atomic save,
// and the time until the restarted app serves the new answer is measured; with the type check
// (the default) and with --no-type-check, `--rounds` saves each, medians printed. The example's
// sources are put back at the end (and on Ctrl-C). Needs `npm run build:framework` first.
//
//   node bench/dev-loop.mjs [--rounds 5]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const file = path.join(root, 'examples/todo/src/health/health.controller.ts');
const original = fs.readFileSync(file, 'utf8');
const restore = () => fs.writeFileSync(file, original);
process.once('SIGINT', () => (restore(), process.exit(130)));

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
    [path.join(root, 'compiler/bin/framework-build.js'), 'dev', 'examples/todo/src', '--out', 'generated/todo', '--entry', 'examples/todo/src/main.ts', ...flags],
    { cwd: root, env: { ...process.env, PORT: '0', GRPC_PORT: '0', JWT_SECRET: 'dev-loop-bench-secret-of-32-bytes-at-least', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
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

async function status(port) {
  try {
    return ((await (await fetch(`http://127.0.0.1:${port}/health/`)).json()).status);
  } catch {
    return undefined;
  }
}

async function measure(flags) {
  const startedAt = performance.now();
  const loop = await startLoop(flags);
  const startMs = Math.round(performance.now() - startedAt);
  const times = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const wanted = `ok-${round}`;
      const saved = performance.now();
      atomicSave(original.replaceAll("'ok'", `'${wanted}'`));
      while ((await status(loop.port())) !== wanted) {
        if (performance.now() - saved > 60_000) throw new Error(`not served within 60 s:\n${loop.output()}`);
        await sleep(5);
      }
      times.push(Math.round(performance.now() - saved));
      await sleep(300);
    }
  } finally {
    restore();
    await loop.stop();
  }
  const checks = [...loop.output().matchAll(/types checked in (\d+) ms/g)].map((m) => Number(m[1]));
  return { startMs, times, checks };
}

try {
  for (const [label, flags] of [['type check', []], ['--no-type-check', ['--no-type-check']]]) {
    const { startMs, times, checks } = await measure(flags);
    const checkText = checks.length > 1 ? `; type checks ${checks.slice(1).join(', ')} ms (first, at start: ${checks[0]} ms)` : '';
    console.log(`${label}: save → answer median ${median(times)} ms (${times.join(', ')}); start to first answer ${startMs} ms${checkText}`);
  }
} finally {
  restore();
}
