// A request body that stalls on a real socket against `Bun.serve` (whose idle timeout a trickle
// keeps at bay) ends with the framework's 408 after requestTimeoutMs: a JSON body with a
// Content-Length or chunked, and a form whose file is already on disk (deleted with the 408). The
// hostile-app fixture bundled for Bun and run there (test/provision/bun.mjs); the server serves
// normal requests afterwards.
import { build } from '@framework/compiler';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { launch, type LaunchedServer } from '../launch.js';
import { ensureBun } from '../provision/bun.mjs';
import { assertStalledFormTimesOut, assertStalledJsonTimesOut, assertStillServes } from '../reliability/fixtures/stalled-body-checks.js';

const runtime = ensureBun();
if (!runtime.ok) throw new Error(runtime.message);
const fixture = new URL('../reliability/fixtures/hostile-app/', import.meta.url);
const built = await build({ srcDir: fileURLToPath(new URL('src', fixture)), outDir: fileURLToPath(new URL('generated-web-timeouts-bun', fixture)), write: true });
if (!built.ok) throw new Error(`framework-build failed on the fixture:\n${built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
const dir = mkdtempSync(path.join(tmpdir(), 'framework-web-timeouts-bun-'));
const temp = mkdtempSync(path.join(tmpdir(), 'framework-web-timeouts-bun-uploads-'));
const { file } = await bundleApp({ entry: fileURLToPath(new URL('../reliability/fixtures/web-timeouts-bun-main.ts', import.meta.url)), outDir: dir, target: 'bun' });

const test = suite<{ server: LaunchedServer; port: number }>('stalled bodies on Bun');

test.before(async (context) => {
  context.server = await launch(runtime.path!, [file], { cwd: dir, env: { UPLOAD_DIR: temp }, readyWithinMs: 30_000 });
  context.port = Number(new URL(context.server.base).port);
});
test.after(async ({ server }) => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(temp, { recursive: true, force: true });
});

test('a JSON body that stalls is the 408 within requestTimeoutMs and a margin', async ({ port }) => {
  await assertStalledJsonTimesOut(port);
  await assertStillServes(port);
});

test('a form that stalls mid-file is the 408, its file on disk deleted', async ({ port }) => {
  await assertStalledFormTimesOut(port, temp);
  await assertStillServes(port);
});

test('nothing was logged as a fault', ({ server }) => {
  assert.not.match(server.output(), 'ERROR');
});

test.run();
