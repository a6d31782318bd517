// Compression and conditional GET over real sockets, on the node adapter and the web one (both
// through node:zlib on Node: br, gzip, zstd where it has it; CompressionStream's gzip where there is
// no node:zlib): negotiated by Accept-Encoding with its q-values, from 1 KiB
// up, never for 204, a compressed type, no-transform or an event stream; Vary whenever the
// choice depended on it; a HEAD with its GET's head; weak ETags and 304s for @ETag() routes (or
// all, with `etag: true`).
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import http from 'node:http';
import zlib from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/encoding/src/app.module.js';
import { LIST } from './fixtures/encoding/src/bytes.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/encoding/', import.meta.url));
const quiet = { error: () => undefined, warn: () => undefined, log: () => undefined };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(port: number, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

function decoded(answer: Answer): string {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (coding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
}

for (const adapter of ['node', 'web'] as const) {
  const best = 'br';
  const test = suite<{ app: FrameworkApplication; port: number }>(`compression and conditional GET (${adapter} adapter)`);

  test.before(async (context) => {
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    context.app = await new FrameworkApplication(tables, { logger: quiet, compression: true }).init(AppModule);
    context.port = await context.app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
  });
  test.after(async ({ app }) => app.close());

  test(`a 20 KiB JSON answer in the client's best coding (${best}), with Vary; gzip when asked; identity when not`, async ({ port }) => {
    const json = JSON.stringify(LIST);
    const preferred = await get(port, '/bytes/list', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    assert.is(preferred.status, 200);
    assert.is(preferred.headers['content-encoding'], best);
    assert.is(preferred.headers.vary, 'Accept-Encoding');
    assert.ok(preferred.body.length < json.length / 4, `compressed to ${preferred.body.length} of ${json.length}`);
    assert.is(decoded(preferred), json);
    const gzip = await get(port, '/bytes/list', { 'accept-encoding': 'br;q=0.2, gzip;q=0.9' });
    assert.is(gzip.headers['content-encoding'], 'gzip');
    assert.is(decoded(gzip), json);
    const plain = await get(port, '/bytes/list');
    assert.is(plain.headers['content-encoding'], undefined);
    assert.is(plain.headers.vary, 'Accept-Encoding', 'the choice depended on the header, so caches must key on it');
    assert.is(plain.body.toString(), json);
    const refused = await get(port, '/bytes/list', { 'accept-encoding': 'gzip;q=0, br;q=0' });
    assert.is(refused.headers['content-encoding'], undefined);
    assert.is(await decoded(await get(port, '/bytes/text', { 'accept-encoding': 'gzip' })), 'words '.repeat(400), 'text too');
    assert.is((await get(port, '/bytes/csv', { 'accept-encoding': 'gzip' })).headers['content-encoding'], 'gzip', 'a Response of a compressible type, streamed');
  });

  test('zstd where the host has it (Node 22.15 and later), else the next acceptable coding', async ({ port }) => {
    const zstd = (zlib as { zstdDecompressSync?: (buffer: Buffer) => Buffer }).zstdDecompressSync;
    const answer = await get(port, '/bytes/list', { 'accept-encoding': 'zstd, gzip;q=0.5' });
    if (zstd) {
      assert.is(answer.headers['content-encoding'], 'zstd');
      assert.is(zstd(answer.body).toString(), JSON.stringify(LIST));
    } else {
      assert.is(answer.headers['content-encoding'], 'gzip');
      assert.is(decoded(answer), JSON.stringify(LIST));
    }
  });

  test('an Accept-Encoding of garbage, or of 10 KiB, is the uncompressed answer', async ({ port }) => {
    for (const value of ['@@@;;;q=zz', ',,,,', 'gzip;q=NaN', `${'x,'.repeat(5000)}gzip`, 'identity;q=0, *;q=0']) {
      const answer = await get(port, '/bytes/list', { 'accept-encoding': value });
      assert.is(answer.status, 200, value.slice(0, 20));
      assert.is(decoded(answer), JSON.stringify(LIST));
    }
  });

  test('never below 1 KiB, for 204, a compressed type, no-transform, or an event stream', async ({ port }) => {
    const all = { 'accept-encoding': 'gzip, br' };
    const small = await get(port, '/bytes/small', all);
    assert.is(small.headers['content-encoding'], undefined);
    assert.is(small.headers.vary, undefined, 'below the threshold the header decided nothing');
    assert.is((await get(port, '/bytes/empty', all)).status, 204);
    assert.is((await get(port, '/bytes/png', all)).headers['content-encoding'], undefined);
    const kept = await get(port, '/bytes/no-transform', all);
    assert.is(kept.headers['content-encoding'], undefined);
    assert.is(kept.body.toString(), JSON.stringify(LIST));
    const events = await get(port, '/bytes/events', { ...all, accept: 'text/event-stream' });
    assert.is(events.headers['content-encoding'], undefined);
    assert.match(events.body.toString(), 'data: ');
  });

  test("a HEAD has its GET's head (Vary, Content-Encoding, Content-Length) and no body", async ({ port }) => {
    const responses = ['/bytes/csv', '/bytes/png', '/bytes/no-transform'];
    const heads = ['/bytes/list', '/bytes/text', '/bytes/small', ...responses];
    for (const accept of [{ 'accept-encoding': 'gzip, br' }, { 'accept-encoding': 'gzip' }, {}] as Record<string, string>[]) {
      for (const path of heads) {
        const [got, head] = [await get(port, path, accept), await get(port, path, accept, 'HEAD')];
        const what = `HEAD ${path} with ${JSON.stringify(accept)}`;
        assert.is(head.status, got.status, what);
        assert.is(head.body.length, 0, what);
        for (const name of ['vary', 'content-encoding', 'content-length', 'content-type', 'etag']) {
          // The web adapter's known difference: a HEAD to a handler's own Response has no length (docs/limits.md).
          if (name === 'content-length' && adapter === 'web' && responses.includes(path)) continue;
          assert.is(head.headers[name], got.headers[name], `${what}: ${name}`);
        }
      }
    }
    // The header decided the coding, so a cache storing the HEAD keys it on Accept-Encoding.
    assert.is((await get(port, '/bytes/list', {}, 'HEAD')).headers.vary, 'Accept-Encoding');
    const compressed = await get(port, '/bytes/list', { 'accept-encoding': 'br' }, 'HEAD');
    assert.is(compressed.headers['content-encoding'], 'br');
    assert.ok(Number(compressed.headers['content-length']) < JSON.stringify(LIST).length / 4, 'the length of the compressed body its GET sends');
    const streamed = await get(port, '/bytes/csv', { 'accept-encoding': 'gzip' }, 'HEAD');
    assert.is(streamed.headers['content-encoding'], 'gzip');
    assert.is(streamed.headers['content-length'], undefined, 'a streamed compressed GET has no length either');
  });

  test('@ETag(): a weak tag from the bytes, a 304 without a body when it matches, and not on other routes', async ({ port }) => {
    const first = await get(port, '/bytes/tagged');
    assert.match(first.headers.etag ?? '', /^W\/"[0-9a-f]+-[0-9a-f]{16}"$/);
    const again = await get(port, '/bytes/tagged', { 'if-none-match': first.headers.etag! });
    assert.is(again.status, 304);
    assert.is(again.body.length, 0);
    assert.is(again.headers.etag, first.headers.etag);
    assert.is((await get(port, '/bytes/tagged', { 'if-none-match': 'W/"other"' })).status, 200);
    assert.is((await get(port, '/bytes/tagged', { 'if-none-match': '*' })).status, 304);
    assert.is((await get(port, '/bytes/list')).headers.etag, undefined, 'only where asked');
  });

  test.run();
}

const everywhere = suite('etag: true and the options');

everywhere('etag: true tags every GET route; the same body, the same tag, on both adapters', async () => {
  const tags: string[] = [];
  for (const adapter of ['node', 'web']) {
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    const app = await new FrameworkApplication(tables, { logger: quiet, etag: true }).init(AppModule);
    const port = await app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
    const list = await get(port, '/bytes/list');
    assert.ok(list.headers.etag);
    tags.push(list.headers.etag!);
    assert.is((await get(port, '/bytes/list', { 'if-none-match': list.headers.etag! })).status, 304);
    assert.is((await get(port, '/bytes/list', { 'if-none-match': list.headers.etag! }, 'HEAD')).status, 304);
    await app.close();
  }
  assert.is(tags[0], tags[1]);
});

everywhere('wrong options are refused with the fix', () => {
  assert.throws(() => new FrameworkApplication(tables, { compression: { threshold: -1 } }), /compression\.threshold must be a whole number from 0/);
  assert.throws(() => new FrameworkApplication(tables, { compression: { gzipLevel: 12 } }), /compression\.gzipLevel must be a whole number from 1 to 9/);
  assert.throws(() => new FrameworkApplication(tables, { compression: { codings: ['deflate' as 'gzip'] } }), /compression\.codings lists 'br', 'gzip' or 'zstd'/);
});

everywhere.run();
