// A request body that stalls in `workerd` (through Miniflare, test/provision/miniflare.mjs) ends
// with the framework's 408 after requestTimeoutMs: the web adapter's timer runs in a Worker, which
// Cloudflare bounds in CPU time, not in the time it waits for a body. The Worker serves a normal
// request afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/builder/builder.js';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { ensureMiniflare } from '../provision/miniflare.mjs';

const TIMEOUT_MS = 300;
/** What a loaded machine (and workerd's socket in between) may add to the bound. */
const MARGIN_MS = 2000;
const fixture = fileURLToPath(new URL('./fixtures/hello/', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-worker-timeouts-'));
let worker: { dispatchFetch(url: string, init?: RequestInit): Promise<Response>; dispose(): Promise<void> };

test.before(async () => {
  const miniflare = ensureMiniflare();
  if (!miniflare.ok) throw new Error(miniflare.message);
  const tables = await build({ srcDir: path.join(fixture, 'src'), outDir: path.join(fixture, 'generated-web-timeouts'), write: true });
  assert.ok(tables.ok, tables.diagnostics.map((d) => d.message).join('\n'));
  const { file } = await bundleApp({ entry: fileURLToPath(new URL('./fixtures/hello/worker-timeouts.ts', import.meta.url)), outDir: dir, target: 'workers' });
  const { Miniflare } = (await import(miniflare.url!)) as { Miniflare: new (options: object) => typeof worker };
  worker = new Miniflare({ modules: true, scriptPath: file, modulesRoot: dir, compatibilityDate: '2026-04-01', compatibilityFlags: ['nodejs_compat'] });
});

test.after(async () => {
  await worker?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

test('a JSON body that stalls is the 408 within requestTimeoutMs and a margin; the Worker serves afterwards', async () => {
  // workerd started and the application initialised first: the bound is the body's alone.
  assert.is((await worker.dispatchFetch('http://worker.test/hello')).status, 200);
  let sent = false;
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return released.then(() => controller.close()); // stalls until the test is over
      sent = true;
      controller.enqueue(new TextEncoder().encode('{"text":'));
    },
  });
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' };
  const started = performance.now();
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (giveUp = setTimeout(() => reject(new Error('no answer while the body stalled')), TIMEOUT_MS + MARGIN_MS)));
  try {
    const answer = await Promise.race([worker.dispatchFetch('http://worker.test/hello/echo', init as RequestInit), late]);
    const ms = performance.now() - started;
    assert.equal([answer.status, await answer.json()], [408, { status: 408, name: 'RequestTimeoutException', message: `Request body was not received within ${TIMEOUT_MS} ms` }]);
    assert.ok(ms >= TIMEOUT_MS - 20, `answered after ${ms.toFixed(0)} ms`);
  } finally {
    clearTimeout(giveUp);
    release();
  }
  const echo = await worker.dispatchFetch('http://worker.test/hello/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"after"}' });
  assert.equal([echo.status, await echo.json()], [200, { text: 'after' }]);
});

test.run();
