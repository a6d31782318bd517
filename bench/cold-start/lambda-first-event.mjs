#!/usr/bin/env node
// The Lambda handler's first event, spawn to answer: bundles the function of test/lambda
// (`framework-build bundle --target lambda`, after its tables are built), as one file and split
// (`--split`: the entry, and chunks read on demand), and, alternating with a
// raw handler (raw-lambda.mjs), starts a fresh process that loads the module and answers one
// HTTP API event (lambda-invoke-once.mjs). Prints min, median and max of each, in milliseconds
// from the spawn to the process's exit, the module load and first event as the process saw them,
// and the event itself (the handler's first call, from the module loaded to the answer).
//   node bench/cold-start/lambda-first-event.mjs [--runs 11]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 11;
const cli = join(repo, 'compiler/dist/cli.js');
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
};

const out = mkdtempSync(join(tmpdir(), 'lambda-first-event-'));
try {
  run([cli, 'test/lambda/fixtures/app/src', '--out', 'test/lambda/fixtures/app/generated']);
  run([cli, 'bundle', 'test/lambda/fixtures/bundled-handler.ts', '--target', 'lambda', '--out', out]);
  run([cli, 'bundle', 'test/lambda/fixtures/bundled-handler.ts', '--target', 'lambda', '--split', '--out', join(out, 'split')]);
  const event = join(repo, 'test/lambda/fixtures/events/http-api.json');
  const once = join(repo, 'bench/cold-start/lambda-invoke-once.mjs');
  const subjects = { framework: join(out, 'bundled-handler.mjs'), 'framework --split': join(out, 'split/bundled-handler.mjs'), raw: join(repo, 'bench/cold-start/raw-lambda.mjs') };
  const rows = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  const loads = [];
  for (let i = 0; i < runs; i++) {
    for (const [name, file] of Object.entries(subjects)) {
      const started = performance.now();
      const line = run([once, file, event]).trim().split('\n').pop();
      const wallMs = performance.now() - started;
      const seen = JSON.parse(line);
      if (seen.statusCode !== 200) throw new Error(`${name} answered ${seen.statusCode}`);
      rows[name].push({ wallMs, ...seen });
    }
    loads.push(loadavg()[0]);
  }
  console.log(`${runs} alternated starts each, Node ${process.versions.node}, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}; median (min–max).`);
  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms (${sorted[0].toFixed(1)}–${sorted[sorted.length - 1].toFixed(1)})`;
  };
  for (const [name, list] of Object.entries(rows)) {
    console.log(`${name}: spawn to exit ${stats(list.map((r) => r.wallMs))}; in the process: module loaded ${stats(list.map((r) => r.loadMs))}, first event answered ${stats(list.map((r) => r.firstEventMs))}, the event itself ${stats(list.map((r) => r.firstEventMs - r.loadMs))}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
