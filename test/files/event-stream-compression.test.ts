// Event streams compressed with `compression: { eventStreams: true }`, on the node adapter and the
// web one: fetch sends `Accept-Encoding: gzip` (as a browser does), gets `Content-Encoding: gzip`
// and decodes each event before the server sends the next (the fixture's `/bytes/paced` waits for
// the test to have read one event before it yields the next): the compressor is flushed per event.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import http from 'node:http';
import zlib from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/encoding/src/app.module.js';
import { pacer } from './fixtures/encoding/src/bytes.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/encoding/', import.meta.url));
const quiet = { error: () => undefined, warn: () => undefined, log: () => undefined };

/** Reads from `reader` until `text` holds `wanted` (rejecting after `ms`: an event held back by the compressor never comes). */
async function readUntil(reader: ReadableStreamDefaultReader<string>, sofar: { text: string }, wanted: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!sofar.text.includes(wanted)) {
    const left = deadline - Date.now();
    const next = await Promise.race([reader.read(), new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), Math.max(0, left)))]);
    if (next === 'late') throw new Error(`no '${wanted}' within ${ms} ms; got ${JSON.stringify(sofar.text)}`);
    if (next.done) throw new Error(`the stream ended before '${wanted}'; got ${JSON.stringify(sofar.text)}`);
    sofar.text += next.value;
  }
}

for (const adapter of ['node', 'web'] as const) {
  const test = suite<{ app: FrameworkApplication; port: number }>(`event streams compressed per event (${adapter} adapter)`);

  test.before(async (context) => {
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    context.app = await new FrameworkApplication(tables, { logger: quiet, compression: { eventStreams: true } }).init(AppModule);
    context.port = await context.app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
  });
  test.after(async ({ app }) => app.close());

  test('fetch with Accept-Encoding: gzip decodes each event before the next is sent', async ({ port }) => {
    const response = await fetch(`http://127.0.0.1:${port}/bytes/paced`, { headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip' } });
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-encoding'), 'gzip');
    assert.match(response.headers.get('vary') ?? '', 'Accept-Encoding');
    assert.match(response.headers.get('content-type') ?? '', 'text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const sofar = { text: '' };
    for (let i = 1; i <= 3; i++) {
      await readUntil(reader, sofar, `"event ${i}"}\n\n`);
      assert.not.match(sofar.text, `event ${i + 1}`, 'the next event waits for the test');
      pacer.next();
    }
    await reader.cancel();
  });

  test('the bytes on the wire are one gzip stream; a client without gzip gets the events as they are', async ({ port }) => {
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/bytes/events', headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
    });
    assert.is(raw.headers['content-encoding'], 'gzip');
    assert.match(zlib.gunzipSync(raw.body).toString(), `data: {"data":"${'x'.repeat(2000)}"}`);
    const plain = await fetch(`http://127.0.0.1:${port}/bytes/events`, { headers: { 'accept-encoding': 'identity' } });
    assert.is(plain.headers.get('content-encoding'), null);
    assert.match(await plain.text(), 'data: ');
  });

  test("a HEAD has its GET's Vary and Content-Encoding, and no body", async ({ port }) => {
    const head = (method: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; length: number }>((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, path: '/bytes/events', method, headers: { 'accept-encoding': 'gzip' } }, (response) => {
          let length = 0;
          response.on('data', (chunk: Buffer) => (length += chunk.length));
          response.on('end', () => resolve({ headers: response.headers, length }));
        });
        request.on('error', reject);
        request.end();
      });
    const [got, headed] = [await head('GET'), await head('HEAD')];
    assert.is(got.headers['content-encoding'], 'gzip');
    assert.is(headed.headers['content-encoding'], 'gzip');
    assert.is(headed.headers.vary, got.headers.vary);
    assert.match(String(headed.headers.vary), 'Accept-Encoding');
    assert.is(headed.length, 0);
  });

  test.run();
}
