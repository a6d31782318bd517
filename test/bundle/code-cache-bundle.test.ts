// `framework-build bundle --code-cache`: the example's HTTP-only entry as one CommonJS script,
// started by a launcher that hands V8 the code compiled in a warm start of the build. Moved
// elsewhere, it starts with the cache (NODE_DEBUG=code-cache says so) and serves with the
// configuration of its start; a cache V8 refuses (other flags) or made by another build is not
// used and the app serves all the same; an entry that never answers still gets the cache of its
// modules' loading, and the build says why; the script is ASCII, its regular expressions escaped;
// a start loads neither perf_hooks nor dotenv (unless a .env file is there); a package loaded on
// demand is compiled with its own cache when the warm start loaded it; the script's
// `import.meta.url` is what `pathToFileURL` gives, whatever its path holds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asciiScript } from '../../compiler/src/bundle/ascii-script.js';
import { SCRIPT_URL_BANNER } from '../../compiler/src/bundle/script-bundle.js';
import { bundleCodeCache, type CodeCacheResult } from '../../compiler/src/bundle/code-cache.js';
import { launcherSource, wrappedScript } from '../../compiler/src/bundle/code-cache-launcher.js';
import { snapshotRequirePrelude } from '../../compiler/src/bundle/snapshot-require.js';
import { launch, type LaunchedServer } from '../launch.js';
import { hs256 } from '../auth/fixtures/tokens.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const entry = path.join(repo, 'examples/todo/src/main-http.ts');
const root = mkdtempSync(path.join(tmpdir(), 'framework-code-cache-'));
const secret = 'code-cache-secret-of-at-least-32-bytes';
let result: CodeCacheResult;
let moved: string;

const start = (args: readonly string[], env: Record<string, string> = {}): Promise<LaunchedServer> =>
  launch(process.execPath, [...args, path.join(moved, 'main-http.cjs')], { cwd: tmpdir(), readyWithinMs: 30_000, env: { JWT_SECRET: secret, LOG_LEVEL: 'warn', NODE_DEBUG: 'code-cache', ...env } });

test.before(async () => {
  delete process.env.JWT_SECRET;
  // The warm start at the default level, info, writes request lines: pino is loaded then.
  delete process.env.LOG_LEVEL;
  result = await bundleCodeCache({ entry, outDir: path.join(root, 'built'), cwd: repo, warm: ['/health', '/todo'] });
  moved = path.join(root, 'moved');
  renameSync(path.join(root, 'built'), moved);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test('the launcher, the script, the cache of a warm start, and the packages imported on demand', () => {
  assert.ok(result.warmed, result.warning);
  assert.ok(result.cache && result.cacheBytes > 100_000, `a cache of ${result.cacheBytes} bytes`);
  assert.ok(result.lazy.includes('pino'));
  assert.ok(existsSync(path.join(moved, 'lazy/pino.cjs')) && existsSync(path.join(moved, 'main-http.code-cache')));
  // The warm start wrote request lines (its level is info), so pino has its cache; dotenv, never loaded, has none.
  assert.equal(result.lazyCached, ['pino']);
  assert.ok(existsSync(path.join(moved, 'lazy/pino.cjs.code-cache')));
  const script = readFileSync(path.join(moved, 'main-http.script.cjs'), 'latin1');
  assert.ok(/^[\x00-\x7f]*$/.test(script), 'the script is ASCII');
  assert.match(readFileSync(path.join(moved, 'main-http.cjs'), 'utf8'), /readFileSync\(script, "latin1"\)/);
});

test('moved elsewhere, it starts with the cache and serves with the configuration of its start', async () => {
  const server = await start([], { LOG_LEVEL: 'info' });
  try {
    assert.match(server.output(), /CODE-CACHE \d+: used/);
    assert.is((await fetch(`${server.base}/health`)).status, 200);
    const login = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
    assert.is(login.status, 200);
    const wrong = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'nope' }) });
    assert.is(wrong.status, 401);
    const token = await hs256({ sub: 'demo', roles: ['user'] }, secret, '10m');
    assert.is((await fetch(`${server.base}/todo`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    const malformed = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    assert.is(malformed.status, 400);
    assert.match(await malformed.text(), /not valid JSON/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.match(server.output(), /"path":"\/health"/, 'pino, loaded from lazy/, wrote the request lines');
    assert.match(server.output(), /CODE-CACHE \d+: used \(\S+pino\.cjs\.code-cache\)/, 'pino compiled with its own cache');
  } finally {
    await server.stop();
  }
});

test('a cache V8 refuses (other flags), or one of another build, is not used, and the app serves all the same', async () => {
  const refused = await start(['--max-lazy']);
  try {
    assert.match(refused.output(), /CODE-CACHE \d+: refused by V8/);
    assert.is((await fetch(`${refused.base}/health`)).status, 200);
  } finally {
    await refused.stop();
  }
  const cacheFile = path.join(moved, 'main-http.code-cache');
  const bytes = readFileSync(cacheFile);
  writeFileSync(cacheFile, Buffer.concat([Buffer.from('framework-code-cache 0000000000000000 '), bytes.subarray(bytes.indexOf(' ', 21) + 1)]));
  const stale = await start([]);
  try {
    assert.match(stale.output(), /CODE-CACHE \d+: made by another build or Node/);
    assert.is((await fetch(`${stale.base}/health`)).status, 200);
  } finally {
    await stale.stop();
    writeFileSync(cacheFile, bytes);
  }
});

// What a start loads is read from the process itself at its exit (a `--require` preload: a Node
// option, so the cache is still used), after it answered /health.
const loadedBy = async (cwd: string, env: Record<string, string> = {}): Promise<{ modules: string[]; health: number; output: string }> => {
  const report = path.join(root, `loaded-${Math.random().toString(36).slice(2)}.json`);
  const preload = path.join(root, 'report-loaded.cjs');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_REPORT, JSON.stringify({ modules: process.moduleLoadList })));\n`);
  const server = await launch(process.execPath, ['--require', preload, path.join(moved, 'main-http.cjs')], { cwd, readyWithinMs: 30_000, env: { LOG_LEVEL: 'warn', LOADED_REPORT: report, ...env } });
  let health = 0;
  try {
    assert.match(server.output(), /CODE-CACHE \d+: used/);
    health = (await fetch(`${server.base}/health`)).status;
  } finally {
    await server.stop();
  }
  return { ...(JSON.parse(readFileSync(report, 'utf8')) as { modules: string[] }), health, output: server.output() };
};

test('a start and its first answer load neither perf_hooks nor dotenv; a .env file loads dotenv, and its values count', async () => {
  const bare = path.join(root, 'no-env-file');
  mkdirSync(bare, { recursive: true });
  const plain = await loadedBy(bare, { JWT_SECRET: secret, NODE_DEBUG: 'code-cache' });
  assert.is(plain.health, 200);
  assert.ok(plain.modules.includes('NativeModule http'), 'the report lists what the start loaded');
  assert.not.ok(plain.modules.includes('NativeModule perf_hooks'), 'perf_hooks loaded');
  assert.not.ok(plain.modules.includes('NativeModule os'), "dotenv's os loaded");
  assert.not.ok(/dotenv/.test(plain.output), 'dotenv loaded');
  const withFile = path.join(root, 'env-file');
  mkdirSync(withFile, { recursive: true });
  writeFileSync(path.join(withFile, '.env'), `JWT_SECRET="${secret}"\n`);
  const configured = await loadedBy(withFile, { NODE_DEBUG: 'code-cache' });
  assert.is(configured.health, 200, 'the secret came from .env');
  assert.match(configured.output, /CODE-CACHE \d+: absent \(\S+lazy[/\\]dotenv\.cjs\.code-cache\)/, 'dotenv read from lazy/, without a cache');
});

test('an entry that exits without answering gets the cache of its modules, and the build says why', async () => {
  const app = path.join(root, 'script-app');
  mkdirSync(app, { recursive: true });
  writeFileSync(path.join(app, 'greeting.ts'), "export const greeting = (name: string): string => `hello ${name}`;\n");
  writeFileSync(path.join(app, 'main.ts'), "import { greeting } from './greeting.js';\nawait Promise.resolve();\nconsole.log(greeting('cache'));\n");
  const built = await bundleCodeCache({ entry: 'main.ts', outDir: 'out', cwd: app, timeoutMs: 5_000 });
  assert.is(built.warmed, false);
  assert.match(built.warning ?? '', /the warm start exited \(0\) before answering on PORT=\d+:\nhello cache/);
  assert.ok(built.cache && existsSync(built.cache));
  const run = spawnSync(process.execPath, [built.launcher], { encoding: 'utf8', env: { ...process.env, NODE_DEBUG: 'code-cache', NODE_OPTIONS: '' } });
  assert.is(run.stdout, 'hello cache\n');
  assert.match(run.stderr, /CODE-CACHE \d+: used/);
});

test('a package of lazy/ whose loading threw is loaded again by the next require, as Node does', () => {
  const dir = path.join(root, 'lazy-throws');
  mkdirSync(path.join(dir, 'lazy'), { recursive: true });
  writeFileSync(path.join(dir, 'lazy/flaky.cjs'), "globalThis.loads = (globalThis.loads ?? 0) + 1;\nif (globalThis.loads === 1) throw new Error('not yet');\nmodule.exports = { value: 42 };\n");
  const main = "try { require('flaky'); } catch (error) { console.log('first: ' + error.message); }\nconsole.log('second: ' + require('flaky').value);\n";
  writeFileSync(path.join(dir, 'main.script.cjs'), wrappedScript(snapshotRequirePrelude([{ id: 'flaky', resolveDir: dir, file: 'flaky.cjs' }]) + main));
  writeFileSync(path.join(dir, 'main.cjs'), launcherSource({ script: 'main.script.cjs', cache: 'main.code-cache', buildId: 'test', ascii: true }));
  const run = spawnSync(process.execPath, [path.join(dir, 'main.cjs')], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  assert.is(run.stdout, 'first: not yet\nsecond: 42\n', run.stderr);
});

test('the script made ASCII: regular expressions and strings escaped, comments replaced; a template literal is left alone', () => {
  assert.is(asciiScript('var a = /^[A-Z\u00c7]+$/i; // \u00b5s\nvar b = /\\\u00c7/; var c = /\\\\\u00c7/;'), 'var a = /^[A-Z\\u00C7]+$/i; // ?s\nvar b = /\\u00C7/; var c = /\\\\\\u00C7/;');
  assert.is(asciiScript('var e = /[\u{1f600}]/u;'), 'var e = /[\\uD83D\\uDE00]/u;');
  assert.ok(new RegExp(asciiScript('/^[\u00c7]$/')!.slice(1, -1)).test('\u00c7'));
  assert.is(asciiScript('var t = String.raw`\u00c7`;'), undefined);
  assert.is(asciiScript('var plain = 1;'), 'var plain = 1;');
});

test("the script's import.meta.url is pathToFileURL's, whatever characters its path holds", () => {
  const urlOf = new Function('__filename', 'require', `${SCRIPT_URL_BANNER}\nreturn __frameworkScriptUrl;`) as (file: string, req: NodeRequire) => string;
  const paths = ['/srv/app/dist/main-http.script.cjs', '/srv/my app/x.cjs', '/srv/%41.cjs', '/srv/#a?b.cjs', '/srv/\u00e9t\u00e9.cjs', '/srv/a~b/x.cjs', '/srv/a\\b.cjs', '/srv/a\nb.cjs', '/srv//x.cjs', '/srv/./x.cjs', '/srv/../x.cjs', '/srv/.cache/x.cjs', '/srv/a@b+c-d_e.cjs'];
  for (const file of paths) assert.is(urlOf(file, createRequire(import.meta.url)), pathToFileURL(file).href, file);
});

test('the command refuses --code-cache with another host, or with --snapshot, naming the options', () => {
  const cli = path.join(repo, 'compiler/dist/cli.js');
  const bun = spawnSync(process.execPath, [cli, 'bundle', entry, '--code-cache', '--target', 'bun', '--out', path.join(root, 'bun')], { cwd: repo, encoding: 'utf8' });
  assert.is(bun.status, 1);
  assert.match(bun.stderr, /framework-build bundle: --code-cache does not go with --target bun/);
  const both = spawnSync(process.execPath, [cli, 'bundle', entry, '--code-cache', '--snapshot', '--out', path.join(root, 'both')], { cwd: repo, encoding: 'utf8' });
  assert.is(both.status, 1);
  assert.match(both.stderr, /--snapshot and --code-cache are two ways to start faster: choose one/);
});

test.run();
