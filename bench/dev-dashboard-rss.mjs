#!/usr/bin/env node
// What the dev dashboard adds to memory: `framework-build dev` runs the todo example with
// `--no-dashboard` and with the dashboard, alternated `--rounds` times; each time the serving
// app answers `--requests` requests (GET /health/, every one traced with the dashboard on), then
// the RSS of the loop's app processes (the serving one and the warm spare) and of the loop itself
// is read from /proc (Linux). Needs `npm run build:framework` first.
//
//   node bench/dev-dashboard-rss.mjs [--rounds 2] [--requests 2000]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2' }, requests: { type: 'string', default: '2000' } } });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** The loop's app processes (started with its preload), serving one first (it loaded more). */
function appProcesses(loop) {
  const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((name) => {
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === loop && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('app-preload') ? [Number(name)] : [];
    } catch {
      return []; // ended meanwhile
    }
  });
  return pids.map(rssMb).sort((a, b) => b - a);
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

async function measure(flags) {
  const child = spawn(process.execPath, [path.join(root, 'compiler/bin/framework-build.js'), 'dev', 'src', '--out', '../../generated/todo', '--entry', 'src/main.ts', ...flags], {
    cwd: path.join(copy, 'examples/todo'),
    env: { ...process.env, PORT: '0', GRPC_PORT: '0', JWT_SECRET: 'dev-dashboard-bench-secret-of-32-bytes', LOG_LEVEL: 'warn', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const port = () => /HTTP on http:\/\/[^:/\s]+:(\d+)/.exec(output)?.[1];
  for (const started = Date.now(); !port(); await sleep(50)) if (Date.now() - started > 120_000) throw new Error(`no app within 120 s:\n${output}`);
  await sleep(4000); // the warm spare starts after the first app serves
  const idle = appProcesses(child.pid);
  for (let i = 0; i < Number(values.requests); i++) await (await fetch(`http://127.0.0.1:${port()}/health/`)).arrayBuffer();
  await sleep(1000);
  const after = appProcesses(child.pid);
  const loop = rssMb(child.pid);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const mb = (list) => list.map((v) => v.toFixed(1)).join(' / ');
  console.log(`${flags.join(' ').padEnd(18)} app processes (serving / spare) ${mb(idle)} MB idle, ${mb(after)} MB after ${values.requests} requests; the loop ${loop.toFixed(1)} MB`);
}

const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 2).join('/');
console.log(`load average (1/5 min) at the start: ${load()}`);
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    await measure(['--no-dashboard']);
    await measure(['--dashboard-port', '0']);
  }
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
console.log(`load average at the end: ${load()}`);
