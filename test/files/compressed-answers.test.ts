// A handler's own answers through compression, on the node adapter and the web one: a 206 it makes
// is sent as made (its Content-Range counts the bytes of the file, not of a gzip stream), and a strong
// ETag it sets becomes weak on a compressed answer (RFC 9110 §8.8.1: a strong tag names one sequence of bytes),
// and a 304 says the Vary its 200 says.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import http from 'node:http';
import zlib from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/answers/src/app.module.js';
import { TEXT } from './fixtures/answers/src/answers.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/answers/', import.meta.url));
const quiet = { error: () => undefined, warn: () => undefined, log: () => undefined };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(port: number, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

for (const adapter of ['node', 'web'] as const) {
  const test = suite<{ app: FrameworkApplication; port: number }>(`a handler's answers through compression (${adapter} adapter)`);

  test.before(async (context) => {
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    context.app = await new FrameworkApplication(tables, { logger: quiet, compression: true }).init(AppModule);
    context.port = await context.app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
  });
  test.after(async ({ app }) => app.close());

  test('a 206 is sent as the handler made it: its range, uncompressed', async ({ port }) => {
    const part = await get(port, '/answers/partial', { 'accept-encoding': 'gzip, br' });
    assert.is(part.status, 206);
    assert.is(part.headers['content-encoding'], undefined);
    assert.is(part.headers['content-range'], `bytes 0-1999/${TEXT.length}`);
    assert.is(part.body.toString(), TEXT.slice(0, 2000));
  });

  test('a strong ETag is made weak on a compressed answer, and kept on an uncompressed one', async ({ port }) => {
    for (const path of ['/answers/strong', '/answers/strong-text']) {
      const compressed = await get(port, path, { 'accept-encoding': 'gzip' });
      assert.is(compressed.headers['content-encoding'], 'gzip', path);
      assert.is(zlib.gunzipSync(compressed.body).toString(), TEXT);
      assert.is(compressed.headers.etag, 'W/"v1"', path);
      const plain = await get(port, path);
      assert.is(plain.headers['content-encoding'], undefined, path);
      assert.is(plain.headers.etag, '"v1"', path);
    }
  });

  test("a 304 carries the Vary its 200 would have (RFC 9110 §15.4.5), so caches keep the codings apart", async ({ port }) => {
    for (const path of ['/answers/tagged', '/answers/tagged-response']) {
      const whole = await get(port, path, { 'accept-encoding': 'gzip' });
      assert.is(whole.headers.vary, 'Accept-Encoding', path);
      const again = await get(port, path, { 'accept-encoding': 'gzip', 'if-none-match': whole.headers.etag! });
      assert.is(again.status, 304, path);
      assert.is(again.headers.vary, 'Accept-Encoding', path);
    }
  });

  test.run();
}
