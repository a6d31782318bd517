#!/usr/bin/env node
// Runs every uvu suite (test/**/*.test.ts) in its own Node process, two at a time, and ends with
// the line `N passed, N failed`. A file that crashes before uvu's summary counts as one failure.
// Some suites need a system tool (a real redis-server, …): SYSTEM_TOOLS says which, each is
// provisioned once before any suite runs (test/provision/), and when that is impossible the run stops
// at once saying what to install.
// Suites under test/adoption/ install the framework from its tarballs: they are packed once here
// (FRAMEWORK_PACKAGES) and shared, then removed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { ensureGrpcPython } from './provision/grpc-python.mjs';
import { ensureRedis } from './provision/redis.mjs';
import { ensureChromium } from './provision/chromium.mjs';
import { ensurePrometheus } from './provision/prometheus.mjs';

const root = new URL('..', import.meta.url).pathname;
const filter = process.argv[2];

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'fixtures' || name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The HTTP end-to-end suites (real servers, real clients) run twice on Node: on the Node-native
 * path (the default), and again forced through Hono on @hono/node-server (FRAMEWORK_HTTP_PATH=hono),
 * so both paths are held to the same answers.
 */
const BOTH_HTTP_PATHS = [
  '/test/http/', '/test/e2e/todo-compiled', '/test/e2e/todo-client', '/test/regression/', '/test/throttler/http-guard',
  '/test/throttler/forwarded-for-spoofing', '/test/auth/jwt-guard-http', '/test/auth/api-key-guard', '/test/chain/chain-http',
  '/test/interceptors/', '/test/params/', '/test/openapi/schema-agreement', '/test/telemetry/',
];

function runFile({ file, env = {} }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
      let failed = total - passed;
      if (code !== 0 && failed === 0) failed = 1;
      resolve({ file: env.FRAMEWORK_HTTP_PATH ? `${file} [FRAMEWORK_HTTP_PATH=${env.FRAMEWORK_HTTP_PATH}]` : file, passed, failed, output });
    });
  });
}

/** Which suites need which system tool, and how it is provisioned. */
const SYSTEM_TOOLS = [
  { neededBy: (file) => basename(file).startsWith('redis'), ensure: ensureRedis },
  { neededBy: (file) => basename(file).startsWith('docs-page'), ensure: ensureChromium },
  { neededBy: (file) => basename(file).startsWith('python-'), ensure: ensureGrpcPython },
  { neededBy: (file) => basename(file).startsWith('prometheus-'), ensure: ensurePrometheus },
];

const files = findTests(join(root, 'test')).filter((f) => !filter || f.includes(filter)).sort();
for (const tool of SYSTEM_TOOLS) {
  if (!files.some(tool.neededBy)) continue;
  const provisioned = tool.ensure();
  if (!provisioned.ok) {
    console.error(provisioned.message);
    process.exit(1);
  }
}
let packages;
if (files.some((f) => f.includes('/test/adoption/'))) {
  packages = mkdtempSync(join(tmpdir(), 'framework-packages-'));
  const packed = spawnSync(process.execPath, [join(root, 'scripts/pack.mjs'), '--out', packages], { cwd: root, encoding: 'utf8' });
  if (packed.status !== 0) {
    console.error(`npm run pack failed, so the adoption suites cannot run:\n${packed.stdout}${packed.stderr}`);
    process.exit(1);
  }
  process.env.FRAMEWORK_PACKAGES = packages;
}
const results = [];
const queue = [
  ...files.map((file) => ({ file })),
  ...files.filter((file) => BOTH_HTTP_PATHS.some((part) => file.includes(part))).map((file) => ({ file, env: { FRAMEWORK_HTTP_PATH: 'hono' } })),
];
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length > 0) {
      const result = await runFile(queue.shift());
      results.push(result);
      const mark = result.failed ? 'FAIL' : 'ok  ';
      console.log(`${mark} ${relative(root, result.file)} (${result.passed} passed, ${result.failed} failed)`);
      if (result.failed) console.log(result.output.replace(/^/gm, '     '));
    }
  }),
);
if (packages) rmSync(packages, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
