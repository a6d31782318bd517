// The hostile WebSocket cases where Deno's own upgrade (`Deno.upgradeWebSocket`) answers instead of
// `ws`: the streaming fixture of test/deno bundled and run on Deno (the `deno` package). Deno
// answered 101 to any Sec-WebSocket-Key and Version; the framework refuses those with the 400 the
// other hosts give. A message over maxMessageBytes, whole or in fragments, closes with 1009, and
// the server serves a normal socket afterwards. (What Deno decides alone, a text frame of invalid
// UTF-8 or an unmasked frame, is in docs/limits.md.)
import { build } from '@framework/compiler';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { denoExecutable, denoRunFlags, launch, type LaunchedServer } from '../launch.js';
import { assertBrokenHandshakesRefused, stillServes } from '../reliability/fixtures/hostile-socket-checks.js';
import { closeCodeOf, frame, rawUpgrade } from '../reliability/fixtures/raw-websocket.js';

const deno = denoExecutable();
if (!('path' in deno)) throw new Error(deno.reason);
const fixture = new URL('../deno/fixtures/app/', import.meta.url);
const built = await build({ srcDir: fileURLToPath(new URL('src', fixture)), outDir: fileURLToPath(new URL('generated-hostile-deno', fixture)), write: true });
if (!built.ok) throw new Error(`framework-build failed on the fixture:\n${built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
const dir = mkdtempSync(path.join(tmpdir(), 'framework-hostile-deno-'));
const { file } = await bundleApp({ entry: fileURLToPath(new URL('../reliability/fixtures/hostile-deno-main.ts', import.meta.url)), outDir: dir, target: 'node' });

const test = suite<{ server: LaunchedServer; port: number }>('hostile sockets on Deno');

test.before(async (context) => {
  context.server = await launch(deno.path, [...denoRunFlags([dir]), file], { cwd: dir, env: { JWT_SECRET: 'hostile-deno-secret-of-at-least-32-bytes' }, readyWithinMs: 30_000 });
  context.port = Number(new URL(context.server.base).port);
});
test.after(async ({ server }) => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});


test('a handshake with a bad Sec-WebSocket-Key or Version is a 400 whose body names them', async ({ port }) => {
  await assertBrokenHandshakesRefused(port);
});

test('a message over maxMessageBytes, whole or in fragments, closes with 1009 naming the limit', async ({ port }) => {
  for (const frames of [[frame(1, 'a'.repeat(2000))], [frame(1, 'a'.repeat(600), false), frame(0, 'b'.repeat(600))]]) {
    const upgrade = await rawUpgrade(port, '/streams/echo');
    assert.is(upgrade.status, 101);
    upgrade.socket.write(Buffer.concat(frames));
    assert.equal(await closeCodeOf(upgrade), { code: 1009, reason: 'A message is limited to 1024 bytes.' });
  }
  await stillServes(port);
});

test('nothing was logged as a fault', ({ server }) => {
  assert.not.match(server.output(), 'ERROR');
});

test.run();
