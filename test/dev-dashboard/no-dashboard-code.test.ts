// No dashboard code runs in an app that was not started by the dev loop with its dashboard: a
// probe records every module an app process loads. A plain start (`node --import tsx main.ts`)
// and the loop's `--no-dashboard` load none of the dashboard's files nor an OpenTelemetry SDK.
// The positive control (the same probe finds the exporter in the loop's app processes with the
// dashboard on) is in browser.test.ts, whose loop runs with the probe.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from '../launch.js';
import { ROOT, TMP } from '../compiler/helpers.js';

const copy = path.join(TMP, `no-dashboard-${process.pid}`);
const example = path.join(copy, 'examples/todo');
const probe = path.join(ROOT, 'test/dev-dashboard/fixtures/module-probe.mjs');
const env = { JWT_SECRET: 'no-dashboard-code-test-secret-32-bytes-long', LOG_LEVEL: 'warn', PORT: '0', GRPC_PORT: '0' };

test.before(() => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(path.join(copy, 'examples'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'examples/todo'), example, { recursive: true, filter: (f) => !f.includes(`${path.sep}dist`) });
  fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(copy, 'tsconfig.base.json'));
  fs.cpSync(path.join(ROOT, 'generated/todo'), path.join(copy, 'generated/todo'), { recursive: true }); // what a plain start imports
  // The example's Worker entry (src/worker.ts, type-checked with the rest) imports these tables.
  fs.cpSync(path.join(ROOT, 'generated/todo-worker'), path.join(copy, 'generated/todo-worker'), { recursive: true });
});
test.after(() => fs.rmSync(copy, { recursive: true, force: true }));

/** What the app processes of a run loaded: one record per process that ran `main.ts`. */
async function appModules(name: string, command: string, args: readonly string[], extraEnv: Record<string, string> = {}): Promise<{ urls: string[]; tracer: boolean }[]> {
  const dir = path.join(copy, `probe-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  const server = await launch(command, args, { cwd: example, env: { ...env, MODULE_PROBE_DIR: dir, ...extraEnv }, readyWithinMs: 120_000 });
  // The app answers: every module its start needs is loaded.
  assert.is((await fetch(`${server.base}/health/`)).status, 200);
  await server.stop();
  await new Promise((r) => setTimeout(r, 200)); // the loop's children end after it
  return fs.readdirSync(dir).map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { urls: string[]; tracer: boolean });
}

const dashboardFiles = (urls: readonly string[]): string[] => urls.filter((u) => u.includes('/dev/dashboard/') || u.includes('sdk-trace-base'));

test('a plain start loads no dashboard code and registers no tracer', async () => {
  const records = await appModules('plain', process.execPath, ['--import', 'tsx', '--import', probe, 'src/main.ts']);
  assert.is(records.length, 1);
  const [record] = records;
  assert.ok(record!.urls.some((u) => u.includes('/runtime/core/')), 'the probe sees the framework load');
  assert.equal(dashboardFiles(record!.urls), []);
  assert.equal(record!.urls.filter((u) => u.startsWith(pathToFileURL(path.join(ROOT, 'compiler')).href)), [], 'nothing of the compiler');
  assert.is(record!.tracer, false);
});

const loop = (flags: readonly string[]) => ['--import', 'tsx', path.join(ROOT, 'compiler/src/cli.ts'), 'dev', 'src', '--out', '../../generated/todo', '--entry', 'src/main.ts', '--no-type-check', ...flags];

test('the dev loop with --no-dashboard: its app processes load no dashboard code', async () => {
  const off = await appModules('off', process.execPath, loop(['--no-dashboard']), { NODE_OPTIONS: `--import ${probe}` });
  assert.ok(off.length >= 1, 'the probe ran in the app processes');
  for (const record of off) {
    assert.equal(dashboardFiles(record.urls), []);
    assert.is(record.tracer, false);
  }
});

test.run();
