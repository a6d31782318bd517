#!/usr/bin/env node
// Runs every uvu suite (test/**/*.test.ts) in its own Node process, two at a time, and ends with
// the line `N passed, N failed`. A file that crashes before uvu's summary counts as one failure.
// Some suites need a system tool (a real redis-server, …): SYSTEM_TOOLS says which, each is
// provisioned once before any suite runs (test/provision/), and when that is impossible the run stops
// at once saying what to install.
// Suites under test/adoption/ install the framework from its tarballs: they are packed once here
// (FRAMEWORK_PACKAGES) and shared, then removed.
//
// A run of every suite (no path substring) type-checks them first, once (test/typecheck.mjs): a type
// error is one failure, printed, and the suites still run.
//
// `--matrix` (CI: .ci/run) runs the suites on every supported Node line, one phase per line, each
// timed: every suite on Node 24 (the active LTS), then the suites that depend most on the runtime
// (adoption: installs, generated apps, the registry; e2e; reliability) on Node 22 and Node 20. The
// binaries come from the npm registry, cached between runs (test/provision/node.mjs); a suite's
// child processes, npm included, run on its phase's Node. The last line sums every phase.
//
//   node test/run.mjs [<path substring>] [--matrix]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join, relative } from 'node:path';
import { ensureGrpcPython } from './provision/grpc-python.mjs';
import { ensureRedis } from './provision/redis.mjs';
import { ensureChromium } from './provision/chromium.mjs';
import { ensureFirefox } from './provision/firefox.mjs';
import { ensureNode } from './provision/node.mjs';
import { ensurePrometheus } from './provision/prometheus.mjs';
import { ensureNginx } from './provision/nginx.mjs';
import { ensureNghttp } from './provision/nghttp.mjs';
import { typeCheck } from './typecheck.mjs';

const root = new URL('..', import.meta.url).pathname;
const matrix = process.argv.includes('--matrix');
const filter = process.argv.slice(2).find((arg) => arg !== '--matrix');

/**
 * The suites whose outcome depends most on the Node release: they also run on the older lines (the
 * graceful close reads the connection list Node keeps itself, see `http/hosts/node/node-drain.ts`).
 */
const RUNTIME_SENSITIVE = ['/test/adoption/', '/test/e2e/', '/test/reliability/', '/test/http/graceful-close'];
/** The phases of `--matrix`: a Node line and the suites it runs. */
const MATRIX = [
  { major: 24, scope: 'every suite', selects: () => true },
  { major: 22, scope: 'adoption, e2e, reliability', selects: (file) => RUNTIME_SENSITIVE.some((dir) => file.includes(dir)) },
  { major: 20, scope: 'adoption, e2e, reliability', selects: (file) => RUNTIME_SENSITIVE.some((dir) => file.includes(dir)) },
];

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'fixtures' || name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The HTTP end-to-end suites (real servers, real clients) run twice on Node: on the node adapter
 * (the default), and again on the web adapter, a Web `Request` through Hono handed over by
 * @hono/node-server (FRAMEWORK_HTTP_ADAPTER=web), so both adapters are held to the same answers.
 */
const BOTH_HTTP_ADAPTERS = [
  '/test/http/', '/test/e2e/todo-compiled', '/test/e2e/todo-client', '/test/regression/', '/test/throttler/http-guard',
  '/test/throttler/forwarded-for-spoofing', '/test/auth/jwt-guard-http', '/test/auth/api-key-guard', '/test/chain/chain-http',
  '/test/interceptors/', '/test/params/', '/test/openapi/schema-agreement', '/test/telemetry/',
  '/test/streaming/sse', '/test/streaming/websocket', '/test/uploads/uploads-http',
];

/** A suite still running after this long has hung (the slowest takes about a minute in CI): it is stopped and counted failed. */
const FILE_DEADLINE_MS = 5 * 60_000;

function runFile({ file, env = {} }, node) {
  return new Promise((resolve) => {
    // The phase's Node first on PATH: npm and anything else a suite spawns by name runs on it too.
    const path = node === process.execPath ? process.env.PATH : `${dirname(node)}${delimiter}${process.env.PATH}`;
    const started = performance.now();
    const child = spawn(node, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, PATH: path, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const deadline = setTimeout(() => {
      output += `\nstopped: still running after ${FILE_DEADLINE_MS / 1000} s\n`;
      child.kill('SIGKILL');
    }, FILE_DEADLINE_MS);
    child.on('close', (code) => {
      clearTimeout(deadline);
      const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
      let failed = total - passed;
      if (code !== 0 && failed === 0) failed = 1;
      const seconds = (performance.now() - started) / 1000;
      resolve({ file: env.FRAMEWORK_HTTP_ADAPTER ? `${file} [FRAMEWORK_HTTP_ADAPTER=${env.FRAMEWORK_HTTP_ADAPTER}]` : file, passed, failed, output, seconds });
    });
  });
}

/** Which suites need which system tool, and how it is provisioned. */
const SYSTEM_TOOLS = [
  { neededBy: (file) => basename(file).startsWith('redis') || basename(file).startsWith('lb-'), ensure: ensureRedis },
  { neededBy: (file) => basename(file).startsWith('lb-'), ensure: ensureNginx },
  { neededBy: (file) => basename(file).startsWith('docs-page') || basename(file).startsWith('browser'), ensure: ensureChromium },
  { neededBy: (file) => basename(file).startsWith('firefox'), ensure: ensureFirefox },
  { neededBy: (file) => basename(file).startsWith('python-'), ensure: ensureGrpcPython },
  { neededBy: (file) => basename(file).startsWith('prometheus-'), ensure: ensurePrometheus },
  { neededBy: (file) => basename(file).startsWith('https'), ensure: ensureNghttp },
];

/** How a result is named in the log: a suite by its path, the type check by its command. */
const shown = (result) => (isAbsolute(result.file) ? relative(root, result.file) : result.file);

/** Prints one suite's (or the type check's) outcome, and its output when it failed. */
function report(result) {
  console.log(`${result.failed ? 'FAIL' : 'ok  '} ${shown(result)} (${result.passed} passed, ${result.failed} failed) ${result.seconds.toFixed(1)} s`);
  if (result.failed) console.log(result.output.replace(/^/gm, '     '));
}

const results = [];
if (!filter) {
  const check = await typeCheck();
  report(check);
  results.push(check);
}

const files = findTests(join(root, 'test')).filter((f) => !filter || f.includes(filter)).sort();
const phases = matrix
  ? MATRIX.map((phase) => ({ ...phase, files: files.filter(phase.selects) })).filter((phase) => phase.files.length > 0)
  : [{ major: undefined, scope: 'every suite', files }];
const allFiles = [...new Set(phases.flatMap((phase) => phase.files))];
for (const tool of SYSTEM_TOOLS) {
  if (!allFiles.some(tool.neededBy)) continue;
  const provisioned = tool.ensure();
  if (!provisioned.ok) {
    console.error(provisioned.message);
    process.exit(1);
  }
}
for (const phase of phases) {
  const node = phase.major === undefined ? { ok: true, path: process.execPath, version: process.version } : ensureNode(phase.major);
  if (!node.ok) {
    console.error(node.message);
    process.exit(1);
  }
  Object.assign(phase, { node: node.path, version: node.version });
}
let packages;
if (allFiles.some((f) => f.includes('/test/adoption/'))) {
  packages = mkdtempSync(join(tmpdir(), 'framework-packages-'));
  const packed = spawnSync(process.execPath, [join(root, 'scripts/pack.mjs'), '--out', packages], { cwd: root, encoding: 'utf8' });
  if (packed.status !== 0) {
    console.error(`npm run pack failed, so the adoption suites cannot run:\n${packed.stdout}${packed.stderr}`);
    process.exit(1);
  }
  process.env.FRAMEWORK_PACKAGES = packages;
}

/** Runs the files of one phase on its Node, two at a time, printing each file's outcome. */
async function runPhase(phase) {
  const results = [];
  const queue = [
    ...phase.files.map((file) => ({ file })),
    ...phase.files.filter((file) => BOTH_HTTP_ADAPTERS.some((part) => file.includes(part))).map((file) => ({ file, env: { FRAMEWORK_HTTP_ADAPTER: 'web' } })),
  ];
  await Promise.all(
    [0, 1].map(async () => {
      while (queue.length > 0) {
        const result = await runFile(queue.shift(), phase.node);
        results.push(result);
        report(result);
      }
    }),
  );
  return results;
}

const summaries = [];
for (const phase of phases) {
  const label = `Node ${phase.version} (${phase.scope}, ${phase.files.length} files)`;
  if (matrix) console.log(`== ${label}`);
  const started = performance.now();
  const outcome = await runPhase(phase);
  results.push(...outcome);
  const seconds = Math.round((performance.now() - started) / 1000);
  const sum = (key) => outcome.reduce((n, r) => n + r[key], 0);
  summaries.push(`${label}: ${sum('passed')} passed, ${sum('failed')} failed in ${seconds} s`);
}
if (packages) rmSync(packages, { recursive: true, force: true });
if (matrix) for (const line of summaries) console.log(`phase ${line}`);
// The slowest suites, so the time budget (CI: 30 minutes on 2 cores) is spent knowingly.
const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
console.log(`slowest: ${slowest.map((r) => `${shown(r)} ${Math.round(r.seconds)} s`).join(', ')}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
