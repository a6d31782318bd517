// `framework-build bundle --snapshot`: the example's HTTP-only entry as a V8 startup snapshot. The
// blob starts and serves (routes, the malformed-JSON 400, a login), reads its configuration when it
// starts (not when it was built), loads what it imports on demand (pino) from `lazy/` beside the
// blob wherever the directory was moved; an entry that exports a value, a host other than Node,
// or a module that draws a random identifier while the blob is built, is refused with the reason.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleSnapshot, type SnapshotResult } from '../../compiler/src/bundle/snapshot.js';
import { snapshotEntrySource } from '../../compiler/src/bundle/snapshot-entry.js';
import { launch } from '../launch.js';
import { hs256 } from '../auth/fixtures/tokens.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const entry = path.join(repo, 'examples/todo/src/main-http.ts');
const root = mkdtempSync(path.join(tmpdir(), 'framework-snapshot-'));
const secret = 'snapshot-secret-of-at-least-32-bytes!';
let result: SnapshotResult;

/** An HS256 token for the example's demo user, signed with `key`. */
const signed = (key: string) => hs256({ sub: 'demo', roles: ['user'] }, key, '10m');

test.before(async () => {
  delete process.env.JWT_SECRET;
  result = await bundleSnapshot({ entry, outDir: path.join(root, 'built'), cwd: repo });
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test('the blob, its script and the packages imported on demand beside it', () => {
  assert.ok(existsSync(result.blob) && existsSync(result.script));
  assert.ok(result.lazy.includes('pino'), `pino is loaded on demand: ${result.lazy.join(', ')}`);
  assert.ok(existsSync(path.join(root, 'built/lazy/pino.cjs')));
  // Not evaluated at start, so not in the blob: the OpenTelemetry SDK (and the grpc-js of its exporters).
  assert.not.match(readFileSync(result.script, 'utf8'), /node_modules\/@opentelemetry\/sdk-node\//);
});

test('moved elsewhere, the blob serves with the configuration of its start, and loads pino from lazy/', async () => {
  const moved = path.join(root, 'moved');
  renameSync(path.join(root, 'built'), moved);
  const blob = path.join(moved, path.basename(result.blob));
  const server = await launch(process.execPath, ['--snapshot-blob', blob], { cwd: tmpdir(), readyWithinMs: 30_000, env: { JWT_SECRET: secret, LOG_LEVEL: 'info' } });
  try {
    assert.is((await fetch(`${server.base}/health`)).status, 200);
    const login = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
    assert.is(login.status, 200);
    // A token signed with this start's JWT_SECRET (none was set while the blob was built) is accepted.
    assert.is((await fetch(`${server.base}/todo`, { headers: { authorization: `Bearer ${await signed(secret)}` } })).status, 200);
    assert.is((await fetch(`${server.base}/todo`, { headers: { authorization: `Bearer ${await signed('another-secret-of-at-least-32-bytes!!')}` } })).status, 403);
    const malformed = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    assert.is(malformed.status, 400);
    assert.match(await malformed.text(), /not valid JSON/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.match(server.output(), /"path":"\/health"/, 'pino wrote the request lines');
  } finally {
    await server.stop();
  }
  // The configuration is read at start, not at build: without JWT_SECRET this start makes its own secret and says so.
  const withoutSecret = await launch(process.execPath, ['--snapshot-blob', blob], { cwd: tmpdir(), readyWithinMs: 30_000, env: { JWT_SECRET: '', LOG_LEVEL: 'warn' } });
  try {
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.match(withoutSecret.output(), /JWT_SECRET is not set/);
  } finally {
    await withoutSecret.stop();
  }
});

test('the entry: imports stay at the top, its statements run from the main function', () => {
  const text = "import { start } from './app.js';\ntype Port = number;\nconst port: Port = 3000;\nawait start(port);\n";
  const rewritten = snapshotEntrySource(text, 'main.ts');
  assert.match(rewritten, /^import \{ start \} from '\.\/app\.js';\ntype Port = number;\n/);
  assert.match(rewritten, /export async function __frameworkSnapshotMain\(\) \{\nconst port: Port = 3000;\nawait start\(port\);\n\}/);
});

test('an entry that exports a value is refused at its line', () => {
  assert.throws(() => snapshotEntrySource("import { app } from './app.js';\n\nexport const handler = app.fetch;\n", 'src/lambda.ts'), /src\/lambda\.ts:3: --snapshot bundles an entry that starts the app, and this one exports a value/);
});

test('an identifier drawn while the blob is built (which every start would share) fails the build, naming the call', async () => {
  const app = path.join(root, 'ids-app');
  mkdirSync(app, { recursive: true });
  writeFileSync(path.join(app, 'ids.ts'), "import { randomUUID } from 'node:crypto';\nexport const instanceId = randomUUID();\n");
  writeFileSync(path.join(app, 'main.ts'), "import { instanceId } from './ids.js';\nconsole.log(instanceId);\n");
  try {
    await bundleSnapshot({ entry: 'main.ts', outDir: 'out', cwd: app });
    assert.unreachable('the blob was built');
  } catch (error) {
    assert.match(String(error), /crypto\.randomUUID\(\) ran while the snapshot was built/);
  }
  // Called by the entry's own statements, it runs at each start: each start draws its own.
  writeFileSync(path.join(app, 'main.ts'), "import { randomUUID } from 'node:crypto';\nconsole.log(randomUUID());\n");
  const { blob } = await bundleSnapshot({ entry: 'main.ts', outDir: 'out', cwd: app });
  const ids = [1, 2].map(() => spawnSync(process.execPath, ['--snapshot-blob', blob], { encoding: 'utf8' }).stdout.trim());
  assert.match(ids[0]!, /^[0-9a-f-]{36}$/);
  assert.is.not(ids[0], ids[1]);
});

test('the command refuses a snapshot for another host than Node, naming the option', () => {
  const cli = path.join(repo, 'compiler/dist/cli.js');
  const run = spawnSync(process.execPath, [cli, 'bundle', entry, '--snapshot', '--target', 'bun', '--out', path.join(root, 'bun')], { cwd: repo, encoding: 'utf8' });
  assert.is(run.status, 1);
  assert.match(run.stderr, /framework-build bundle: --snapshot does not go with --target bun/);
});

test.run();
