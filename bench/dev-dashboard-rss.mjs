#!/usr/bin/env node
// What the dev dashboard adds to memory: `framework-build dev` runs the todo example with
// `--no-dashboard` and with the dashboard, alternated `--rounds` times (the order swapped every
// round, so a drift of the machine's load weighs on both alike); each time the serving app answers
// `--requests` requests (GET /health/, every one traced with the dashboard on), then:
//   - the RSS of the loop's app processes (the serving one and the warm spare) and of the loop
//     itself, read from /proc (Linux) as they are;
//   - the serving app's live heap and RSS after two full collections (bench/lib/memory-probe.mjs,
//     loaded into the app processes, collects on SIGUSR2 and writes process.memoryUsage()), with
//     where that RSS is: V8's committed heap (and its new space), other anonymous memory (malloc),
//     mapped files.
// At the end: per setting the median and range over the rounds, and the median and range of the
// rounds' differences (dashboard minus none). Needs `npm run build:framework` first; run it under
// the machine's bench lock (`flock /work/bench.lock node bench/dev-dashboard-rss.mjs`).
//
//   node bench/dev-dashboard-rss.mjs [--rounds 4] [--requests 2000]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '4' }, requests: { type: 'string', default: '2000' } } });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const probe = path.join(root, 'bench/lib/memory-probe.mjs');

/** The loop's app processes (started with its preload). */
function appPids(loop) {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((name) => {
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === loop && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('app-preload') ? [Number(name)] : [];
    } catch {
      return []; // ended meanwhile
    }
  });
}
/** RSS in MB of the loop's app processes, the largest (the serving one, which loaded more) first. */
const appRss = (loop) => appPids(loop).map(rssMb).sort((a, b) => b - a);

/** What each app process holds after full collections (see memory-probe.mjs). */
async function collected(loop, dir) {
  const pids = appPids(loop);
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  const file = (pid) => path.join(dir, `${pid}.json`);
  for (const started = Date.now(); !pids.every((pid) => fs.existsSync(file(pid))); await sleep(50)) {
    if (Date.now() - started > 20_000) throw new Error('the memory probe did not answer within 20 s');
  }
  await sleep(50); // written whole
  return pids.map((pid) => JSON.parse(fs.readFileSync(file(pid), 'utf8')));
}

// A copy of the example, so that the loop's writes never touch the repository's generated/.
const copy = path.join(root, 'test/.tmp', `dashboard-rss-${process.pid}`);
fs.mkdirSync(path.join(copy, 'examples'), { recursive: true });
fs.cpSync(path.join(root, 'examples/todo'), path.join(copy, 'examples/todo'), { recursive: true, filter: (f) => !f.includes(`${path.sep}dist`) });
fs.copyFileSync(path.join(root, 'tsconfig.base.json'), path.join(copy, 'tsconfig.base.json'));
let running;
process.once('SIGINT', () => {
  running?.kill('SIGTERM');
  fs.rmSync(copy, { recursive: true, force: true });
  process.exit(130);
});

async function measure(flags, round) {
  const dir = path.join(copy, `probe-${round}-${flags[0]}`);
  fs.mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, 'compiler/bin/framework-build.js'), 'dev', 'src', '--out', '../../generated/todo', '--entry', 'src/main.ts', ...flags], {
    cwd: path.join(copy, 'examples/todo'),
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
      MEMORY_PROBE_DIR: dir,
      PORT: '0',
      GRPC_PORT: '0',
      JWT_SECRET: 'dev-dashboard-bench-secret-of-32-bytes',
      LOG_LEVEL: 'warn',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const port = () => /HTTP on http:\/\/[^:/\s]+:(\d+)/.exec(output)?.[1];
  for (const started = Date.now(); !port(); await sleep(50)) if (Date.now() - started > 120_000) throw new Error(`no app within 120 s:\n${output}`);
  await sleep(4000); // the warm spare starts after the first app serves
  const idle = appRss(child.pid);
  for (let i = 0; i < Number(values.requests); i++) await (await fetch(`http://127.0.0.1:${port()}/health/`)).arrayBuffer();
  await sleep(1000);
  const after = appRss(child.pid);
  const loop = rssMb(child.pid);
  const serving = (await collected(child.pid, dir)).find((p) => p.serving);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const mb = (list) => list.map((v) => v.toFixed(1)).join(' / ');
  const gcd = { rss: serving.rss / MB, heap: serving.heapUsed / MB, external: serving.external / MB, committed: serving.heapTotal / MB, newSpace: serving.spaces.new_space / MB, lessNewSpace: (serving.rss - serving.spaces.new_space) / MB, outside: (serving.anonymous - serving.heapTotal) / MB, file: serving.file / MB };
  console.log(
    `${flags.join(' ').padEnd(18)} app processes (serving / spare) ${mb(idle)} MB idle, ${mb(after)} MB after ${values.requests} requests; ` +
      `serving app after full GCs: heap ${gcd.heap.toFixed(2)} MB, external ${gcd.external.toFixed(2)} MB, RSS ${gcd.rss.toFixed(1)} MB; the loop ${loop.toFixed(1)} MB`,
  );
  return { idle: idle[0], after: after[0], spare: after[1] ?? NaN, loop, gcHeap: gcd.heap, gcRss: gcd.rss, committed: gcd.committed, newSpace: gcd.newSpace, lessNewSpace: gcd.lessNewSpace, outside: gcd.outside, file: gcd.file };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary = (xs, digits) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
console.log(`load average (1 / 5 / 15 min) at the start: ${load()}`);
const off = [];
const on = [];
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    const first = round % 2 === 0;
    if (first) off.push(await measure(['--no-dashboard'], round));
    on.push(await measure(['--dashboard-port', '0'], round));
    if (!first) off.push(await measure(['--no-dashboard'], round));
  }
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
console.log(`load average at the end: ${load()}`);
const rows = [
  ['serving app RSS, idle', 'idle', 1],
  [`serving app RSS after ${values.requests} requests`, 'after', 1],
  ['serving app RSS after full GCs', 'gcRss', 1],
  // V8 sizes its new space (up to 2 × 16 MB here) by the rate of allocation and keeps it after
  // the collections: with or without the dashboard, a run ends with 11 or 32 MB of it.
  ['serving app RSS after full GCs less V8 new space', 'lessNewSpace', 1],
  ['serving app live heap after full GCs', 'gcHeap', 2],
  ['  V8 heap committed (heapTotal)', 'committed', 1],
  ['    of which new space', 'newSpace', 1],
  ['  anonymous RSS outside the V8 heap (malloc…)', 'outside', 1],
  ['  RSS of mapped files (binary, libraries)', 'file', 1],
  ['warm spare RSS', 'spare', 1],
  ['the loop RSS', 'loop', 1],
];
console.log(`\nmedian (range) over ${off.length} rounds, MB:       without          with        difference per round`);
for (const [label, key, digits] of rows) {
  const a = off.map((r) => r[key]);
  const b = on.map((r) => r[key]);
  console.log(`${label.padEnd(44)} ${summary(a, digits).padEnd(18)} ${summary(b, digits).padEnd(18)} ${summary(b.map((v, i) => v - a[i]), digits)}`);
}
