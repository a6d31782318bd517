// framework-build time and peak memory on the example and on generated apps, and each app's init time.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from '../compiler/generate.mjs';
import { compilerCli } from './setup.mjs';

const root = new URL('../..', import.meta.url).pathname;
const peakRss = new URL('../compiler/peak-rss.mjs', import.meta.url).pathname;
const initApp = new URL('../compiler/init-app.mjs', import.meta.url).pathname;

/** One framework-build run on core 0: wall time, peak RSS, exit status and its last line. */
function build(src, args, cwd) {
  const rssFile = join(tmpdir(), `fw-peak-${process.pid}`);
  const started = performance.now();
  const r = spawnSync('taskset', ['-c', '0', process.execPath, '--import', peakRss, compilerCli, src, ...args], {
    cwd, encoding: 'utf8', env: { ...process.env, PEAK_RSS_FILE: rssFile },
  });
  const buildMs = performance.now() - started;
  const peakRssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  rmSync(rssFile, { force: true });
  const output = `${r.stdout}${r.stderr}`.trim();
  return { ok: r.status === 0, buildMs, peakRssMb, output, last: output.split('\n').pop() };
}

/** Median of three `app.init` timings, each in a fresh process (tsx loads the sources). */
function init(tablesFile, moduleFile, rootName, tsconfig) {
  const times = [];
  let counts;
  for (let i = 0; i < 3; i++) {
    const r = spawnSync('taskset', ['-c', '0', process.execPath, '--import', 'tsx', initApp, tablesFile, moduleFile, rootName], {
      cwd: root, encoding: 'utf8', env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
    });
    if (r.status !== 0) return { error: `init failed: ${r.stderr.split('\n').find((l) => /^\w*Error/.test(l)) ?? r.stderr.trim().split('\n')[0]}` };
    const { initMs, initCpuMs: _cpuMs, ...rest } = JSON.parse(r.stdout.trim().split('\n').pop());
    times.push(initMs);
    counts = rest;
  }
  return { ...counts, initMs: times.sort((a, b) => a - b)[1] };
}

/** Whether framework-build compiles @GrpcController classes: a two-controller probe with one service. */
function grpcSupport(base) {
  const dir = join(base, 'probe');
  generateProject(dir, 2, { grpc: true });
  const r = build('src', ['--out', 'generated'], dir);
  if (!r.ok) return { supported: false, why: r.output.split('\n').find((l) => / error FW\d+/.test(l))?.trim() ?? r.last };
  const emitted = !/grpc: \[\],/.test(readFileSync(join(dir, 'generated/tables.ts'), 'utf8'));
  return emitted ? { supported: true } : { supported: false, why: 'framework-build emitted grpc: []' };
}

export async function compilerScaling(sizes, log) {
  // Inside the repository (bench/.tmp, ignored by git) so the apps resolve its packages.
  mkdirSync(new URL('../.tmp', import.meta.url).pathname, { recursive: true });
  const base = mkdtempSync(new URL('../.tmp/compiler-', import.meta.url).pathname);
  try {
    const grpc = grpcSupport(base);
    const note = grpc.supported
      ? 'Generated apps: 5 routes per controller (2 with a validated DTO body), one service each, one module and one gRPC service per 10 controllers.'
      : `Generated apps: 5 routes per controller (2 with a validated DTO body), one service each, one module per 10 controllers. ` +
        `HTTP only: framework-build does not compile gRPC controllers yet (${grpc.why}).`;
    log(`compiler scaling: ${note}`);
    const rows = [];
    log('compiler scaling: examples/todo');
    const example = build('examples/todo/src', ['--out', 'generated/todo', '--check'], root);
    const exampleInit = init(root + 'generated/todo/tables.ts', root + 'examples/todo/src/app.module.ts', 'AppModule', root + 'tsconfig.json');
    rows.push({ name: 'examples/todo (--check)', ...example, ...exampleInit,
      note: [example.ok ? '' : `build: ${example.output.split('\n').find((l) => / error FW\d+/.test(l))?.trim() ?? example.last}`, exampleInit.error ?? ''].filter(Boolean).join('; ') });
    for (const size of sizes) {
      log(`compiler scaling: ${size} controllers`);
      const dir = join(base, `app-${size}`);
      const counts = generateProject(dir, size, { grpc: grpc.supported });
      const result = build('src', ['--out', 'generated'], dir);
      const timing = result.ok ? init(join(dir, 'generated/tables.ts'), join(dir, 'src/app.module.ts'), 'AppModule', join(dir, 'tsconfig.json')) : {};
      rows.push({ name: `generated, ${size} controllers`, ...counts, ...result, ...timing,
        note: [result.ok ? '' : `build failed: ${result.last}`, timing.error ?? ''].filter(Boolean).join('; ') });
    }
    return { note, grpc: grpc.supported, rows: rows.map(({ output, last, ok, error, ...row }) => row) };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
