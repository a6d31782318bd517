#!/usr/bin/env node
// The Worker's start in Miniflare's `workerd`: bundles the todo example's Worker
// (`framework-build bundle examples/todo/src/worker.ts --target workers`) and, alternating with a
// Worker of one line, starts a fresh `workerd` for each round and measures `workerd`'s own CPU time
// (every thread's, from /proc) when Miniflare reports it ready (the runtime started, the module
// compiled and evaluated) and what the first answer to GET /health adds (the application's `init`
// and the request), with the wall time of each and of the next answer. Miniflare's own work in this
// process before `workerd` starts (reading the script and scanning it for imports) is in the wall
// time to ready only. Prints min, median and max. Cloudflare's own isolate start is not measured.
//   node bench/cold-start/worker-start.mjs [--runs 9]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureMiniflare } from '../../test/provision/miniflare.mjs';
import { cpuMsOf } from './measure.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 9;
const miniflare = ensureMiniflare();
if (!miniflare.ok) throw new Error(miniflare.message);
const { Miniflare } = await import(miniflare.url);

const dir = mkdtempSync(join(tmpdir(), 'worker-start-'));
try {
  const built = spawnSync(process.execPath, [join(repo, 'compiler/dist/cli.js'), 'bundle', 'examples/todo/src/worker.ts', '--target', 'workers', '--out', join(dir, 'todo')], { cwd: repo, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`bundling the Worker failed:\n${built.stdout}${built.stderr}`);
  writeFileSync(join(dir, 'one-line.mjs'), 'export default { fetch: () => new Response(\'{"status":"ok"}\') };\n');
  const subjects = { 'todo example': join(dir, 'todo/worker.mjs'), 'one line': join(dir, 'one-line.mjs') };
  const rows = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  const loads = [];
  // One uncounted round first: the first `workerd` of a process pays for loading its binary.
  for (let round = -1; round < runs; round++) {
    for (const [name, script] of Object.entries(subjects)) {
      const row = await startOnce(script);
      if (round >= 0) rows[name].push(row);
    }
    loads.push(loadavg()[0]);
  }
  const stat = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[Math.floor(sorted.length / 2)].toFixed(1)} (${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)})`;
  };
  console.log(`${runs} alternated starts each, Node ${process.versions.node}, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}; median (min–max), ms.\n`);
  console.log('| Worker | `workerd` CPU at ready | CPU of the first answer | wall, `new Miniflare` to ready | wall, first answer | wall, next answer |\n|---|--:|--:|--:|--:|--:|');
  for (const [name, list] of Object.entries(rows)) {
    const cells = ['readyCpuMs', 'firstCpuMs', 'readyMs', 'firstMs', 'nextMs'].map((key) => stat(list.map((r) => r[key])));
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** One `workerd` serving `script`: ready, then two GET /health; each must answer 200. */
async function startOnce(script) {
  const started = performance.now();
  const worker = new Miniflare({
    modules: true,
    scriptPath: script,
    modulesRoot: join(script, '..'),
    compatibilityDate: '2026-04-01',
    compatibilityFlags: ['nodejs_compat'],
    bindings: { JWT_SECRET: 'the-todo-worker-secret-of-32-bytes-or-more', DEMO_PASSWORD: 'worker-demo' },
  });
  try {
    await worker.ready;
    const ready = performance.now();
    const workerd = workerdPid();
    const readyCpuMs = cpuMsOf(workerd);
    await answer(worker);
    const first = performance.now();
    const firstCpuMs = cpuMsOf(workerd) - readyCpuMs;
    await answer(worker);
    return { readyCpuMs, firstCpuMs, readyMs: ready - started, firstMs: first - ready, nextMs: performance.now() - first };
  } finally {
    await worker.dispose();
  }
}

/** The `workerd` this process started (the one running now: Miniflare starts one at a time here). */
function workerdPid() {
  const found = readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && readComm(pid) === 'workerd' && readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(process.pid));
  if (found.length !== 1) throw new Error(`expected one workerd child of ${process.pid}, found ${found.length}`);
  return found[0];
}

function readComm(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return ''; // the process ended between the listing and the read
  }
}

async function answer(worker) {
  const response = await worker.dispatchFetch('http://localhost/health');
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET /health answered ${response.status}`);
}
