// The example's HTTP-only entry (`src/main-http.ts`) bundled as `build:prod` bundles it: nothing of
// gRPC is carried (no grpc-js, no protobufjs and its descriptor extension, no .proto), so a process
// that serves HTTP alone does not compile them; it answers as the full entry does, and loads
// pino only when the first line is written, Node's http2, tls and zlib not for small plain answers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { launch } from '../launch.js';

const entry = fileURLToPath(new URL('../../examples/todo/src/main-http.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-http-only-'));
const env = { JWT_SECRET: 'bundle-secret-of-at-least-32-bytes!!' };
let result: Awaited<ReturnType<typeof bundleApp>>;

test.before(async () => {
  result = await bundleApp({ entry, outDir: dir, target: 'node', split: true });
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test('no gRPC inside: no @framework/grpc, no schema; grpc-js and protobufjs only in the chunk of the OpenTelemetry SDK', () => {
  assert.equal(result.protos, []);
  const main = readFileSync(path.join(dir, 'main-http.mjs'), 'utf8');
  assert.not.match(main, /node_modules\/(?:@grpc\/grpc-js|protobufjs)\//, 'the entry carries grpc-js or protobufjs');
  for (const chunk of readdirSync(path.join(dir, 'chunks'))) {
    const text = readFileSync(path.join(dir, 'chunks', chunk), 'utf8');
    assert.not.match(text, /runtime\/grpc\//, `${chunk} carries @framework/grpc`);
    // The SDK's OTLP exporters speak gRPC too: loaded only when OTEL_* asks for them.
    if (/node_modules\/@grpc\/grpc-js\//.test(text)) assert.match(text, /node_modules\/@opentelemetry\/sdk-node\//, `${chunk} carries grpc-js`);
  }
});

test('it answers over HTTP; every line is logged, those written while pino loaded first and in order', async () => {
  const server = await launch(process.execPath, [path.join(dir, 'main-http.mjs')], { cwd: dir, readyWithinMs: 30_000, env: { ...env, LOG_LEVEL: 'info' } });
  try {
    assert.is((await fetch(`${server.base}/health`)).status, 200);
    assert.is((await fetch(`${server.base}/todo`)).status, 403);
    const login = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
    assert.is(login.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = server.output().split('\n').filter((line) => line.startsWith('{'));
    const paths = lines.map((line) => (JSON.parse(line) as { path?: string; route?: string }).path);
    assert.equal(paths.slice(0, 3), ['/health', '/todo', '/auth/login'], 'the lines written while pino loaded come first, in order');
    assert.not.match(server.output(), /gRPC on/);
  } finally {
    await server.stop();
  }
});

test('small plain-HTTP answers load neither node:http2, nor tls, nor zlib', async () => {
  const recordLoads = fileURLToPath(new URL('../telemetry/fixtures/record-loads.mjs', import.meta.url));
  const builtinsFile = path.join(dir, 'builtins.txt');
  const loadedFile = path.join(dir, 'loaded.txt');
  const server = await launch(process.execPath, ['--import', recordLoads, path.join(dir, 'main-http.mjs')], {
    cwd: dir,
    readyWithinMs: 30_000,
    env: { ...env, LOG_LEVEL: 'warn', LOADED_BUILTINS: builtinsFile, LOADED_MODULES: loadedFile },
  });
  try {
    for (const route of ['/health', '/todo', '/no/such/route']) await (await fetch(`${server.base}${route}`)).arrayBuffer();
    process.kill(server.pid, 'SIGUSR2');
    for (let waited = 0; !existsSync(builtinsFile); waited += 10) {
      if (waited > 10_000) throw new Error('the server did not list its built-ins');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const builtins = readFileSync(builtinsFile, 'utf8').split('\n');
    // Node 24's ESM view of node:http loads http2, tls and zlib itself: only what node:http alone leaves out is ours to leave out.
    const withHttp = execFileSync(process.execPath, ['--input-type=module', '-e', "import 'node:http'; console.log(process.moduleLoadList.join('\\n'))"], { encoding: 'utf8' }).split('\n');
    for (const name of ['http2', 'tls', 'zlib']) {
      if (!withHttp.includes(`NativeModule ${name}`)) assert.not.ok(builtins.includes(`NativeModule ${name}`), `node:${name} is loaded`);
    }
    assert.ok(builtins.includes('NativeModule http'), 'the list is of this server');
  } finally {
    await server.stop();
  }
});

test("the call made per request keeps the name the language gives it (a redefined one keeps V8 from optimising its constructor)", () => {
  const texts = [readFileSync(path.join(dir, 'main-http.mjs'), 'utf8'), ...readdirSync(path.join(dir, 'chunks')).map((chunk) => readFileSync(path.join(dir, 'chunks', chunk), 'utf8'))];
  const call = texts.find((text) => text.includes('var PipelineCall = class extends HttpCallBase'));
  assert.ok(call, 'the bundle defines PipelineCall as `var PipelineCall = class extends HttpCallBase`');
  assert.not.match(call!, '__name(this, "PipelineCall")');
  assert.ok(texts.some((text) => text.includes('__name(')), 'names esbuild changed keep their wrapper');
});

test.run();
