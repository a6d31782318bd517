// A redirect's Location is sent as a URL: characters a URL cannot hold (a space, é, 日本, CR and
// LF) are percent-encoded, as Express's `res.redirect` does, and a `%XX` already there is kept. A
// redirect to a page with such a name is a 3xx, not a 500; no header can be slipped into the answer.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../files/fixtures/answers/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../files/fixtures/answers/', import.meta.url));
const quiet = { error: () => undefined, warn: () => undefined, log: () => undefined };

/** The status and head of a GET, read off the wire. */
function head(port: number, target: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** The status and head of a POST of a JSON body, read off the wire. */
function post(port: number, target: string, body: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

for (const adapter of ['node', 'web'] as const) {
  const test = suite<{ app: FrameworkApplication; port: number }>(`redirect locations (${adapter} adapter)`);

  test.before(async (context) => {
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    context.app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
    context.port = await context.app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
  });
  test.after(async ({ app }) => app.close());

  test('characters outside a URL are percent-encoded, escapes already there kept', async ({ port }) => {
    const go = (to: string) => head(port, `/answers/go?to=${encodeURIComponent(to)}`);
    const accented = await go('/pages/café?q=日本 & co#top');
    assert.is(accented.status, 302);
    assert.is(accented.headers.location, '/pages/caf%C3%A9?q=%E6%97%A5%E6%9C%AC%20&%20co#top');
    assert.is((await go('/a%20b?x=%E2%82%AC')).headers.location, '/a%20b?x=%E2%82%AC');
    assert.is((await go('https://example.com/x?y=1')).headers.location, 'https://example.com/x?y=1');
    assert.is((await go('/100%')).headers.location, '/100%25');
    const fixed = await head(port, '/answers/fixed');
    assert.is(fixed.status, 301);
    assert.is(fixed.headers.location, '/answers/page?title=Caf%C3%A9%20cr%C3%A8me');
  });

  test('CR and LF cannot start a header of their own', async ({ port }) => {
    const answer = await head(port, `/answers/go?to=${encodeURIComponent('/x\r\nSet-Cookie: admin=1')}`);
    assert.is(answer.status, 302);
    assert.is(answer.headers['set-cookie'], undefined);
    assert.is(answer.headers.location, '/x%0D%0ASet-Cookie:%20admin=1');
  });

  test('a target holding lone surrogates (from a JSON body) is a 3xx, each one sent as U+FFFD', async ({ port }) => {
    for (const [to, location] of [
      ['/a\uD800\uD800b', '/a%EF%BF%BD%EF%BF%BDb'],
      ['/a\uDC00\uDC00\uDC00', '/a%EF%BF%BD%EF%BF%BD%EF%BF%BD'],
      ['/\uD83D\uDE00\uDC00', '/%F0%9F%98%80%EF%BF%BD'],
    ]) {
      const answer = await post(port, '/answers/go', JSON.stringify({ to }));
      assert.is(answer.status, 302, JSON.stringify(to));
      assert.is(answer.headers.location, location);
    }
  });

  test.run();
}
