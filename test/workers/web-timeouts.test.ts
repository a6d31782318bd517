// A request body that stalls in `workerd` (through Miniflare, test/provision/miniflare.mjs) ends
// with the framework's 408 after requestTimeoutMs: the web adapter's bound runs in a Worker, which
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

/** Posts a JSON body that stalls after its first bytes; the answer and how long it took. */
async function stalledPost(): Promise<{ status: number; body: unknown; ms: number }> {
  let sent = false;
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return released.then(() => controller.close()); // stalls until answered
      sent = true;
      controller.enqueue(new TextEncoder().encode('{"text":'));
    },
  });
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' };
  const started = performance.now();
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (giveUp = setTimeout(() => reject(new Error('no answer while the body stalled')), TIMEOUT_MS * 1.25 + MARGIN_MS)));
  try {
    const answer = await Promise.race([worker.dispatchFetch('http://worker.test/hello/echo', init as RequestInit), late]);
    return { status: answer.status, body: await answer.json(), ms: performance.now() - started };
  } finally {
    clearTimeout(giveUp);
    release();
  }
}

const echo = async (text: string) => {
  const answer = await worker.dispatchFetch('http://worker.test/hello/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
  return [answer.status, await answer.json()];
};
const timeoutBody = { status: 408, name: 'RequestTimeoutException', message: `Request body was not received within ${TIMEOUT_MS} ms` };

test('a JSON body that stalls is the 408 within requestTimeoutMs and a margin; the Worker serves afterwards', async () => {
  // workerd started and the application initialised first: the bound is the body's alone.
  assert.is((await worker.dispatchFetch('http://worker.test/hello')).status, 200);
  const answer = await stalledPost();
  assert.equal([answer.status, answer.body], [408, timeoutBody]);
  assert.ok(answer.ms >= TIMEOUT_MS - 20, `answered after ${answer.ms.toFixed(0)} ms`);
  assert.equal(await echo('after'), [200, { text: 'after' }]);
});

test('the bound holds for the requests after: a second stall alone, then one beside bodies read in time', async () => {
  // The reads are watched by one interval, made by the request that found none running: a request
  // after the one that made it must still be bounded.
  await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS));
  const alone = await stalledPost();
  assert.equal([alone.status, alone.body], [408, timeoutBody]);
  const [beside, ...inTime] = await Promise.all([stalledPost(), echo('one'), echo('two')]);
  assert.equal([beside!.status, beside!.body], [408, timeoutBody]);
  assert.equal(inTime, [[200, { text: 'one' }], [200, { text: 'two' }]]);
});

test.run();
