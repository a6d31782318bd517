// The hostile WebSocket cases of hostile-hosts-sockets.test.ts where Bun's own upgrade and frame
// parser answer instead of `ws`: the streaming fixture of test/deno bundled for Bun and run there
// (test/provision/bun.mjs). Frames built by hand (invalid UTF-8, fragments crossing
// maxMessageBytes, an unmasked frame, a ping flood), broken handshakes (Bun took any version and
// answered 426 with no body), a burst of 10,000 messages: each the close code or status the Node
// server gives, with a body naming the problem, and the server serving a normal socket afterwards.
import { build } from '@framework/compiler';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { launch, type LaunchedServer } from '../launch.js';
import { ensureBun } from '../provision/bun.mjs';
import { closed, openSocket } from '../streaming/helpers.js';
import { assertBrokenHandshakesRefused, stillServes } from '../reliability/fixtures/hostile-socket-checks.js';
import { closeCodeOf, frame, framesOf, rawUpgrade } from '../reliability/fixtures/raw-websocket.js';

const runtime = ensureBun();
if (!runtime.ok) throw new Error(runtime.message);
const fixture = new URL('../deno/fixtures/app/', import.meta.url);
const built = await build({ srcDir: fileURLToPath(new URL('src', fixture)), outDir: fileURLToPath(new URL('generated-hostile-bun', fixture)), write: true });
if (!built.ok) throw new Error(`framework-build failed on the fixture:\n${built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
const dir = mkdtempSync(path.join(tmpdir(), 'framework-hostile-bun-'));
const { file } = await bundleApp({ entry: fileURLToPath(new URL('../reliability/fixtures/hostile-bun-main.ts', import.meta.url)), outDir: dir, target: 'bun' });

const test = suite<{ server: LaunchedServer; port: number }>('hostile sockets on Bun');

test.before(async (context) => {
  context.server = await launch(runtime.path!, [file], { cwd: dir, env: { JWT_SECRET: 'hostile-bun-secret-of-at-least-32-bytes' }, readyWithinMs: 30_000 });
  context.port = Number(new URL(context.server.base).port);
});
test.after(async ({ server }) => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function closeFor(port: number, ...frames: Buffer[]): Promise<{ code: number; reason: string }> {
  const upgrade = await rawUpgrade(port, '/streams/echo');
  assert.is(upgrade.status, 101);
  upgrade.socket.write(Buffer.concat(frames));
  return closeCodeOf(upgrade);
}


test('invalid UTF-8 closes with 1007, fragments crossing maxMessageBytes with 1009, an unmasked frame with 1002', async ({ port }) => {
  assert.is((await closeFor(port, frame(1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])))).code, 1007);
  assert.is((await closeFor(port, frame(1, 'a'.repeat(600), false), frame(0, 'b'.repeat(600)))).code, 1009);
  assert.is((await closeFor(port, Buffer.from([0x81, 2, 0x7b, 0x7d]))).code, 1002);
  await stillServes(port);
});

test('a handshake with a bad Sec-WebSocket-Key or Version is a 400 whose body names them', async ({ port }) => {
  await assertBrokenHandshakesRefused(port);
});

test('a ping flood is answered without holding the server; a burst of 10,000 messages closes at once with 1008', async ({ port }) => {
  const flood = await rawUpgrade(port, '/streams/echo');
  flood.socket.write(Buffer.concat(Array.from({ length: 10_000 }, () => frame(9, 'p'))));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.ok(framesOf(Buffer.concat(flood.received)).every((f) => f.opcode === 10));
  flood.socket.destroy();
  const burst = (await openSocket(`ws://127.0.0.1:${port}/streams/echo`)) as WebSocket;
  const end = closed(burst);
  const started = performance.now();
  for (let n = 0; n < 10_000; n++) burst.send('{"text":"x","n":1}');
  assert.is((await end).code, 1008);
  assert.ok(performance.now() - started < 5000, `the closing handshake took ${(performance.now() - started).toFixed(0)} ms`);
  await stillServes(port);
});

test('nothing was logged as a fault', ({ server }) => {
  assert.not.match(server.output(), 'ERROR');
});

test.run();
