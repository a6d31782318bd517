// What a Worker's bundle leaves out (`framework-build bundle --target workers`): the Node, Deno and
// Bun servers and the static files reader always, class-validator when the build proves nothing
// runs it (every DTO and every configuration schema compiled into the tables, no package configuring
// itself at run time). Each application runs in the real `workerd` through Miniflare: a body is
// still validated, the configuration still checked, and `listen` is refused with what was left out
// and why.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/builder/builder.js';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { ensureMiniflare } from '../provision/miniflare.mjs';
import { carriesPackage } from '../bundle-text.js';

type Worker = { dispatchFetch(url: string, init?: RequestInit): Promise<Response>; dispose(): Promise<void> };
const fixtures = fileURLToPath(new URL('./fixtures/trim/', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-worker-trim-'));
const apps = ['compiled', 'dto-fallback', 'config-rule', 'package-config'] as const;
/** Where package-config's package is installed (node_modules is not committed). */
const installed = path.join(fixtures, 'package-config/node_modules/@acme/settings');
const bundles = {} as Record<(typeof apps)[number], { text: string; kept: string | undefined; worker: Worker }>;

test.before(async () => {
  const miniflare = ensureMiniflare();
  if (!miniflare.ok) throw new Error(miniflare.message);
  const { Miniflare } = (await import(miniflare.url!)) as { Miniflare: new (options: object) => Worker };
  // Copied, not linked: a link resolves outside node_modules, where the bundle's modules are read already.
  cpSync(path.join(fixtures, 'package-config/settings-package'), installed, { recursive: true });
  for (const app of apps) {
    const root = path.join(fixtures, app);
    const tables = await build({ srcDir: path.join(root, 'src'), outDir: path.join(root, 'generated'), write: true });
    assert.ok(tables.ok, tables.diagnostics.map((d) => d.message).join('\n'));
    const outDir = path.join(dir, app);
    const { file, classValidatorKept } = await bundleApp({ entry: path.join(root, 'src/worker.ts'), outDir, target: 'workers' });
    const worker = new Miniflare({ modules: true, scriptPath: file, modulesRoot: outDir, compatibilityDate: '2026-04-01', compatibilityFlags: ['nodejs_compat'] });
    bundles[app] = { text: readFileSync(file, 'utf8'), kept: classValidatorKept, worker };
  }
});

test.after(async () => {
  for (const app of apps) await bundles[app]?.worker.dispose();
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(fixtures, 'package-config/node_modules'), { recursive: true, force: true });
});

const echo = (worker: Worker, text: string): Promise<Response> =>
  worker.dispatchFetch('http://worker.test/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });

async function assertValidates(worker: Worker): Promise<void> {
  const valid = await echo(worker, 'hi');
  assert.is(valid.status, 200);
  assert.equal(await valid.json(), { text: 'hi' });
  const invalid = await echo(worker, 'x'.repeat(21));
  assert.is(invalid.status, 400);
  const body = (await invalid.json()) as { name: string; message: string };
  assert.is(body.name, 'NotValidBodyException');
  assert.is(body.message, 'Invalid request body: text must be shorter than or equal to 20 characters');
}

test('no Worker bundle carries the servers (@hono/node-server, ws, node:http) nor mime-db', () => {
  for (const app of apps) {
    const { text } = bundles[app];
    for (const pkg of ['@hono/node-server', 'ws', 'mime-db', 'mime-types']) assert.not.ok(carriesPackage(text, pkg), `${app} carries ${pkg}`);
    assert.not.match(text, /from\s*["']node:http2?["']/, app);
  }
});

test('compiled DTOs and a compiled schema: class-validator is left out, and the body is still validated', async () => {
  // validator.js stays: the compiled checks call its functions (each module evaluated on its first call).
  for (const pkg of ['class-validator', 'libphonenumber-js']) assert.not.ok(carriesPackage(bundles.compiled.text, pkg), pkg);
  assert.is(bundles.compiled.kept, undefined);
  await assertValidates(bundles.compiled.worker);
});

test('a DTO that stays on class-validator: the bundle carries it, and validates with it in workerd', async () => {
  assert.ok(readFileSync(path.join(fixtures, 'dto-fallback/generated/tables.ts'), 'utf8').includes('const $EchoDto: DtoEntry = { dto: EchoDto, members: [\'text\'] };'), 'the fixture DTO is not compiled');
  assert.ok(carriesPackage(bundles['dto-fallback'].text, 'class-validator'));
  assert.match(bundles['dto-fallback'].kept ?? '', /^the DTO entry at .*dto-fallback\/generated\/tables\.ts:\d+ has no compiled rules$/);
  await assertValidates(bundles['dto-fallback'].worker);
});

test('a configuration schema the tables do not compile: the bundle carries class-validator, and the Worker starts', async () => {
  assert.ok(carriesPackage(bundles['config-rule'].text, 'class-validator'));
  assert.is(bundles['config-rule'].kept, 'Env is not compiled into the tables (FW2314), so class-validator checks it');
  await assertValidates(bundles['config-rule'].worker);
});

test('a package whose module calls ConfigModule.forRoot at run time: the bundle carries class-validator, and the Worker starts', async () => {
  assert.ok(carriesPackage(bundles['package-config'].text, 'class-validator'));
  assert.match(bundles['package-config'].kept ?? '', /node_modules\/@acme\/settings\/index\.js names ConfigModule outside the sources read$/);
  await assertValidates(bundles['package-config'].worker);
});

test('`listen` in a Worker is refused, naming what was left out and why', async () => {
  const answer = await bundles.compiled.worker.dispatchFetch('http://worker.test/listen');
  assert.is(answer.status, 200);
  assert.is(await answer.text(), 'This bundle leaves out the HTTP servers of Node, Deno and Bun (`listen`): a Worker answers requests through its fetch handler and never listens.');
});

test('tables older than the sources (another manifest): class-validator stays, and the command says why', async () => {
  const root = path.join(fixtures, 'compiled');
  const tablesFile = path.join(root, 'generated/tables.ts');
  const fresh = readFileSync(tablesFile, 'utf8');
  writeFileSync(tablesFile, fresh.replace(/manifest: '[0-9a-f]+'/, `manifest: '${'0'.repeat(64)}'`));
  try {
    const { file, classValidatorKept } = await bundleApp({ entry: path.join(root, 'src/worker.ts'), outDir: path.join(dir, 'stale'), target: 'workers' });
    assert.match(classValidatorKept ?? '', /generated\/tables\.ts was not written from the sources as they are now \(run framework-build\)/);
    assert.ok(carriesPackage(readFileSync(file, 'utf8'), 'class-validator'));
  } finally {
    writeFileSync(tablesFile, fresh);
  }
});

test.run();
