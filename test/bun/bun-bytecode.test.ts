// `framework-build bundle --target bun --bytecode`: the example's HTTP-only entry as one CommonJS
// script with JavaScriptCore's bytecode beside it, run by `bun` from another directory than the
// one it was built in. It serves as the ES bundle does on Bun (routes, the JWT guard, refusals, an
// event stream, the example's socket, pino's request lines read from `lazy/` on demand, the static
// page found beside the script where it runs); an entry that exports a value or serves gRPC is refused.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleBunBytecode, type BunBytecodeResult } from '../../compiler/src/bundle/bun-bytecode.js';
import { runBundle } from '../../compiler/src/bundle/bundle-command.js';
import { launch, type LaunchedServer } from '../launch.js';
import { ensureBun } from '../provision/bun.mjs';
import { checkChangeSocket, createdEventText, demoToken } from './todo-client.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-bun-bytecode-'));
// Built in one place, run from another: nothing of the build machine's paths may be needed.
const built = path.join(dir, 'build/out');
const moved = path.join(dir, 'run/app');
const env = { JWT_SECRET: 'bytecode-secret-of-at-least-32-bytes!!', LOG_LEVEL: 'info' };
let bun: string;
let result: BunBytecodeResult;
let server: LaunchedServer;

test.before(async () => {
  const runtime = ensureBun();
  if (!runtime.ok) throw new Error(runtime.message);
  bun = runtime.path!;
  result = await bundleBunBytecode({ entry: 'examples/todo/src/main-http.ts', outDir: built, cwd: repo, bun });
  mkdirSync(path.dirname(moved), { recursive: true });
  renameSync(built, moved);
  // The example serves `../public/` from its module's URL: here, beside the directory it runs from.
  cpSync(path.join(repo, 'examples/todo/public'), path.join(dir, 'run/public'), { recursive: true });
  server = await launch(bun, [path.join(moved, 'main-http.cjs')], { cwd: tmpdir(), env, readyWithinMs: 30_000 });
});

test.after(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});


test('the script carries Bun\'s bytecode beside it and the packages loaded on demand in lazy/', () => {
  assert.is(path.basename(result.script), 'main-http.cjs');
  assert.is(path.basename(result.bytecode), 'main-http.cjs.jsc');
  assert.ok(existsSync(path.join(moved, 'main-http.cjs.jsc')));
  assert.match(readFileSync(path.join(moved, 'main-http.cjs'), 'utf8').split('\n')[0]!, /@bun @bytecode @bun-cjs/);
  assert.ok(result.lazy.includes('pino'), `pino is loaded on demand: ${result.lazy.join(', ')}`);
  assert.ok(existsSync(path.join(moved, 'lazy/pino.cjs')));
  // Bun's bundler, compiling the script, must not take the packages back in from node_modules.
  assert.not.match(readFileSync(path.join(moved, 'main-http.cjs'), 'utf8'), /SonicBoom/, 'pino is not inside the script');
});

test('routes, the guard and the refusals answer from a moved directory', async () => {
  const token = await demoToken(server.base);
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  assert.is((await fetch(`${server.base}/health`)).status, 200);
  assert.is((await fetch(`${server.base}/todo`)).status, 403);
  assert.is((await fetch(`${server.base}/todo`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
  assert.is((await fetch(`${server.base}/todo`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'milk', priority: 1, colorLabel: '#fff' }) })).status, 200);
  const invalid = await fetch(`${server.base}/todo`, { method: 'POST', headers: json, body: JSON.stringify({ name: 7, priority: 1, colorLabel: '#fff' }) });
  assert.is(invalid.status, 400);
  const malformed = await fetch(`${server.base}/todo`, { method: 'POST', headers: json, body: '{"name":' });
  assert.is(malformed.status, 400);
  assert.match(await malformed.text(), /Request body is not valid JSON/);
  assert.is((await fetch(`${server.base}/todo`, { method: 'POST', headers: json, body: 'x'.repeat(65 * 1024) })).status, 413);
  const missing = await fetch(`${server.base}/no-such-route`);
  assert.is(missing.status, 404);
  assert.equal(await missing.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
  const page = await fetch(`${server.base}/app.css`);
  assert.is(page.status, 200, 'the static page is found beside the directory the script runs from');
  assert.is(await page.text(), readFileSync(path.join(repo, 'examples/todo/public/app.css'), 'utf8'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.match(server.output(), /"path":"\/health"/, 'pino, read from lazy/, wrote the request lines');
});

test('an event stream flows and the example\'s socket opens', async () => {
  const token = await demoToken(server.base);
  const { response: events, text } = await createdEventText(server.base, token);
  assert.match(events.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.match(text, /event: created\nid: \d+\ndata: .*"title":"streamed"/);

  await checkChangeSocket(server.base, token);
});

test('an entry that exports a value, or serves gRPC, is refused naming --bytecode', async () => {
  for (const [entry, refusal] of [
    ['examples/todo/src/worker.ts', /examples\/todo\/src\/worker\.ts:\d+: --bytecode bundles an entry that starts the app, and this one exports a value/],
    ['examples/todo/src/main.ts', /examples\/todo\/src\/main\.ts starts a gRPC server: --bytecode bundles an HTTP application/],
  ] as const) {
    try {
      await bundleBunBytecode({ entry, outDir: path.join(dir, 'refused'), cwd: repo, bun });
      assert.unreachable(`${entry} was bundled`);
    } catch (error) {
      assert.match(String(error), refusal);
    }
  }
});

test('framework-build bundle --bytecode refuses the options it does not go with, in one line naming them', async () => {
  const refusals: [Record<string, unknown>, RegExp][] = [
    [{ target: 'node' }, /^framework-build bundle: --bytecode does not go with --target node: it makes one script with its bytecode for Bun \(--target bun\)/],
    [{ target: 'bun', split: true }, /^framework-build bundle: --bytecode does not go with --split/],
    [{ target: 'bun', external: ['pino'] }, /^framework-build bundle: --bytecode does not go with --external/],
    [{ target: 'bun', compile: true }, /^framework-build bundle: --compile already carries the bytecode: give --compile alone for an executable, --bytecode alone for a bundle run by bun\./],
  ];
  for (const [options, refusal] of refusals) {
    let written = '';
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => ((written += chunk), true)) as typeof process.stderr.write;
    try {
      const code = await runBundle({ entry: 'examples/todo/src/main-http.ts', outDir: path.join(dir, 'refused-cli'), cwd: repo, bytecode: true, ...options });
      assert.is(code, 1, JSON.stringify(options));
    } finally {
      process.stderr.write = write;
    }
    assert.match(written, refusal);
    assert.is(written.trim().split('\n').length, 1, 'one line, no stack');
  }
});

test.run();
