// app.serveStatic over real sockets, on the node adapter and on the web one (a Web Request through
// Hono): types, validators and 304s, ranges, HEAD, precompressed siblings, the SPA fallback, and
// every spelling of a path out of the root (a 404, never a read outside).
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../http/fixtures/app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../http/fixtures/app/', import.meta.url));

// A tree: public/ (served) beside secret.txt (not), with a link out of the root and one inside it.
const place = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-static-'));
const root = path.join(place, 'public');
fs.mkdirSync(path.join(root, 'css'), { recursive: true });
fs.mkdirSync(path.join(root, 'spa'), { recursive: true });
const big = Buffer.alloc(5000, 'abcdefghij');
fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>home</title>');
fs.writeFileSync(path.join(root, 'css', 'site.css'), 'body { color: red }');
fs.writeFileSync(path.join(root, 'big.txt'), big);
fs.writeFileSync(path.join(root, 'big.txt.br'), zlib.brotliCompressSync(big));
fs.writeFileSync(path.join(root, 'big.txt.gz'), zlib.gzipSync(big));
fs.writeFileSync(path.join(root, 'empty.bin'), '');
fs.writeFileSync(path.join(root, '.env'), 'SECRET=1');
fs.mkdirSync(path.join(root, '.well-known'));
fs.writeFileSync(path.join(root, '.well-known', 'security.txt'), 'Contact: mailto:security@example.com');
fs.writeFileSync(path.join(root, 'spa', 'index.html'), '<!doctype html><title>spa</title>');
fs.writeFileSync(path.join(place, 'secret.txt'), 'TOP SECRET');
fs.symlinkSync(path.join(place, 'secret.txt'), path.join(root, 'escape.txt'));
fs.symlinkSync(path.join(root, 'css', 'site.css'), path.join(root, 'inside.css'));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with its target sent exactly as written (fetch would normalise it). */
function raw(port: number, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
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

for (const adapter of ['node', 'web'] as const) {
  const test = suite<{ app: FrameworkApplication; port: number }>(`static files (${adapter} adapter)`);

  test.before(async (context) => {
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    const app = new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
    app.serveStatic('/assets', root, { maxAge: 60, immutable: true, precompressed: true });
    app.serveStatic('/app', path.join(root, 'spa'), { fallback: 'index.html' });
    app.serveStatic('/only-css', root, { extensions: ['.css'], headers: { 'X-Frame-Options': 'DENY' } });
    app.serveStatic('/.well-known', path.join(root, '.well-known'));
    context.app = await app.init(AppModule);
    context.port = await context.app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
  });
  test.after(async ({ app }) => app.close());

  test('a file with its type, length, validators and cache policy; a directory answers its index.html', async ({ port }) => {
    const css = await raw(port, '/assets/css/site.css?v=1');
    assert.is(css.status, 200);
    assert.is(css.body.toString(), 'body { color: red }');
    assert.is(css.headers['content-type'], 'text/css; charset=utf-8');
    assert.is(css.headers['content-length'], '19');
    assert.is(css.headers['cache-control'], 'public, max-age=60, immutable');
    assert.match(css.headers.etag ?? '', /^W\/"13-[0-9a-f]+"$/);
    assert.ok(css.headers['last-modified']);
    assert.is(css.headers['accept-ranges'], 'bytes');
    assert.is(css.headers['x-content-type-options'], 'nosniff');
    const home = await raw(port, '/assets/');
    assert.is(home.status, 200);
    assert.match(home.headers['content-type'] ?? '', 'text/html');
    assert.is((await raw(port, '/assets')).body.toString(), '<!doctype html><title>home</title>');
    assert.is((await raw(port, '/assets/empty.bin')).headers['content-length'], '0');
    assert.is((await raw(port, '/assets/inside.css')).status, 200, 'a link that stays inside the root is followed');
    // The application's routes are served as before.
    assert.is((await raw(port, '/features/text')).body.toString(), 'plain words');
  });

  test('If-None-Match and If-Modified-Since give a 304 without a body', async ({ port }) => {
    const first = await raw(port, '/assets/css/site.css');
    const byTag = await raw(port, '/assets/css/site.css', { 'if-none-match': `"x", ${first.headers.etag!}` });
    assert.is(byTag.status, 304);
    assert.is(byTag.body.length, 0);
    assert.is(byTag.headers.etag, first.headers.etag);
    assert.is((await raw(port, '/assets/css/site.css', { 'if-modified-since': first.headers['last-modified']! })).status, 304);
    assert.is((await raw(port, '/assets/css/site.css', { 'if-none-match': '"other"' })).status, 200);
    assert.is((await raw(port, '/assets/css/site.css', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status, 200);
  });

  test('Range: one range is a 206, overlapping ones coalesce, beyond the end or 101 ranges is a 416', async ({ port }) => {
    const part = await raw(port, '/assets/big.txt', { range: 'bytes=10-19' });
    assert.is(part.status, 206);
    assert.is(part.body.toString(), 'abcdefghij');
    assert.is(part.headers['content-range'], 'bytes 10-19/5000');
    assert.is(part.headers['content-encoding'], undefined, 'a range is of the file itself');
    const tail = await raw(port, '/assets/big.txt', { range: 'bytes=-5' });
    assert.is(tail.headers['content-range'], 'bytes 4995-4999/5000');
    const merged = await raw(port, '/assets/big.txt', { range: 'bytes=0-10,5-20' });
    assert.is(merged.status, 206);
    assert.is(merged.headers['content-range'], 'bytes 0-20/5000');
    const disjoint = await raw(port, '/assets/big.txt', { range: 'bytes=0-1,100-101' });
    assert.is(disjoint.status, 200);
    assert.is(disjoint.body.length, 5000);
    const beyond = await raw(port, '/assets/big.txt', { range: 'bytes=9000-9999' });
    assert.is(beyond.status, 416);
    assert.is(beyond.headers['content-range'], 'bytes */5000');
    assert.match(beyond.body.toString(), 'outside the file');
    const many = await raw(port, '/assets/big.txt', { range: `bytes=${Array.from({ length: 101 }, (_, i) => `${i * 10}-${i * 10 + 1}`).join(',')}` });
    assert.is(many.status, 416);
    assert.match(many.body.toString(), 'more than 100 ranges');
    assert.is((await raw(port, '/assets/big.txt', { range: 'lines=1-2' })).status, 200, 'a unit other than bytes is ignored');
    assert.is((await raw(port, '/assets/big.txt', { range: 'bytes=0-9', 'if-range': '"stale"' })).status, 200, 'an If-Range of another version gets the whole file');
  });

  test('HEAD has the headers of GET and no body', async ({ port }) => {
    const head = await raw(port, '/assets/big.txt', {}, 'HEAD');
    assert.is(head.status, 200);
    assert.is(head.headers['content-length'], '5000');
    assert.is(head.body.length, 0);
    // A precompressed sibling: the same Vary, coding, length and tag as the GET's.
    for (const accept of [{ 'accept-encoding': 'gzip, br' }, { 'accept-encoding': 'gzip' }, {}] as Record<string, string>[]) {
      const [got, headed] = [await raw(port, '/assets/big.txt', accept), await raw(port, '/assets/big.txt', accept, 'HEAD')];
      for (const name of ['vary', 'content-encoding', 'content-length', 'etag']) assert.is(headed.headers[name], got.headers[name], `${JSON.stringify(accept)}: ${name}`);
      assert.is(headed.headers.vary, 'Accept-Encoding');
    }
  });

  test('precompressed siblings by Accept-Encoding and its q-values, with Vary', async ({ port }) => {
    const br = await raw(port, '/assets/big.txt', { 'accept-encoding': 'gzip, br' });
    assert.is(br.headers['content-encoding'], 'br');
    assert.is(br.headers.vary, 'Accept-Encoding');
    assert.is(br.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(zlib.brotliDecompressSync(br.body), big);
    const gzip = await raw(port, '/assets/big.txt', { 'accept-encoding': 'br;q=0.1, gzip' });
    assert.is(gzip.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gzip.body), big);
    assert.is.not(gzip.headers.etag, br.headers.etag, 'each representation has its own tag');
    const plain = await raw(port, '/assets/big.txt', { 'accept-encoding': '@@garbage;;q=x' });
    assert.is(plain.headers['content-encoding'], undefined);
    assert.is(plain.body.length, 5000);
    assert.is((await raw(port, '/assets/css/site.css', { 'accept-encoding': 'br' })).headers['content-encoding'], undefined, 'no sibling, the file as it is');
  });

  test('the SPA fallback answers index.html to a page the browser navigates to, not to a script', async ({ port }) => {
    const page = await raw(port, '/app/settings/profile', { accept: 'text/html,application/xhtml+xml' });
    assert.is(page.status, 200);
    assert.is(page.body.toString(), '<!doctype html><title>spa</title>');
    assert.is((await raw(port, '/app/missing.js', { accept: '*/*' })).status, 404);
  });

  test('extensions limit what is served; headers go on every answer of the mount, its 404 too', async ({ port }) => {
    const css = await raw(port, '/only-css/css/site.css');
    assert.is(css.status, 200);
    assert.is(css.headers['x-frame-options'], 'DENY');
    const text = await raw(port, '/only-css/big.txt');
    assert.is(text.status, 404);
    assert.is(text.headers['x-frame-options'], 'DENY');
    assert.is((await raw(port, '/only-css/')).status, 404, 'index.html is not a .css');
  });

  test('a hidden directory is served only by a mount of its own: /.well-known/security.txt', async ({ port }) => {
    const own = await raw(port, '/.well-known/security.txt');
    assert.is(own.status, 200);
    assert.is(own.body.toString(), 'Contact: mailto:security@example.com');
    assert.is(own.headers['content-type'], 'text/plain; charset=utf-8');
    // The same file below the mount of its parent stays hidden.
    assert.is((await raw(port, '/assets/.well-known/security.txt')).status, 404);
  });

  test('no path out of the root in any spelling, no hidden file, no listing, no file named as a directory: a 404 and nothing read', async ({ port }) => {
    const attempts = [
      '/assets/../secret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/%2E%2E%2Fsecret.txt',
      '/assets/..%2fsecret.txt',
      '/assets/..%5csecret.txt',
      '/assets/..\\secret.txt',
      '/assets/css/..%2f..%2fsecret.txt',
      '/assets/%252e%252e/secret.txt',
      '/assets/big.txt%00.css',
      '/assets/escape.txt',
      '/assets/.env',
      '/assets//etc/passwd',
      '/assets/%',
      '/assets/css',
      '/assets/css/',
      '/assets/big.txt/',
      '/assets/css/site.css/',
      '/assets/nothing-here.txt',
      `/assets/${'a/'.repeat(2000)}x`,
    ];
    for (const target of attempts) {
      const answer = await raw(port, target);
      assert.ok(answer.status === 404 || answer.status === 400, `${target}: ${answer.status}`);
      assert.not.match(answer.body.toString(), 'SECRET', target);
    }
    assert.is((await raw(port, '/assets/big.txt', {}, 'POST')).status, 404, 'only GET and HEAD');
  });

  test.run();
}

/** The message a promise rejects with (a test of it fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected a rejection');
}

const refusals = suite('static files: refusals at start-up');

refusals('options that cannot be meant, a missing directory, a prefix holding a route', async () => {
  const app = new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
  assert.throws(() => app.serveStatic('/x', root, { maxAge: -1 }), /maxAge is a whole number of seconds/);
  assert.throws(() => app.serveStatic('/x', root, { fallback: '../secret.txt' }), /fallback names a file inside the directory/);
  assert.throws(() => app.serveStatic('/files/:name', root), /the prefix is a plain path/);
  assert.throws(() => app.serveStatic('/x', root, { extensions: ['css'] }), /extensions lists name endings with their dot/);
  app.serveStatic('/nowhere', path.join(place, 'missing'));
  await app.init(AppModule);
  assert.match(await rejection(app.listen(0, '127.0.0.1')), /app\.serveStatic\('\/nowhere', '.*missing'\): no such directory/);
  await app.close();
  const shadowing = new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
  shadowing.serveStatic('/features', root);
  assert.match(await rejection(shadowing.init(AppModule)), /app\.serveStatic\('\/features', …\) covers the route GET \/features\//);
});

for (const adapter of ['node', 'web'] as const) {
  const cors = suite(`static files under CORS (${adapter} adapter)`);

  cors('a precompressed file keeps the Vary: Origin of CORS beside its own Accept-Encoding, on its 304 too', async () => {
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    const app = new FrameworkApplication(tables, { cors: { origins: ['https://app.example.com'] }, logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
    app.serveStatic('/assets', root, { precompressed: true });
    await app.init(AppModule);
    const port = await app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
    try {
      const names = (vary: string | undefined) => (vary ?? '').split(',').map((name) => name.trim().toLowerCase()).sort();
      const asked: Record<string, string>[] = [{ origin: 'https://app.example.com', 'accept-encoding': 'gzip' }, { origin: 'https://app.example.com' }];
      for (const headers of asked) {
        const whole = await raw(port, '/assets/big.txt', headers);
        assert.is(whole.headers['access-control-allow-origin'], 'https://app.example.com');
        assert.equal(names(whole.headers.vary), ['accept-encoding', 'origin'], JSON.stringify(headers));
        const again = await raw(port, '/assets/big.txt', { ...headers, 'if-none-match': whole.headers.etag! });
        assert.is(again.status, 304);
        assert.equal(names(again.headers.vary), ['accept-encoding', 'origin']);
      }
    } finally {
      await app.close();
    }
  });

  cors('a preflight under a mount is answered by the CORS settings; elsewhere the path stays unknown', async () => {
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    const app = new FrameworkApplication(tables, { cors: { origins: ['https://app.example.com'] }, logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
    app.serveStatic('/assets', root);
    await app.init(AppModule);
    const port = await app.listen(0, '127.0.0.1');
    delete process.env.FRAMEWORK_HTTP_ADAPTER;
    try {
      const preflight = { 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' };
      const granted = await raw(port, '/assets/big.txt', { origin: 'https://app.example.com', ...preflight }, 'OPTIONS');
      assert.is(granted.status, 204);
      assert.is(granted.headers['access-control-allow-origin'], 'https://app.example.com');
      assert.match(String(granted.headers['access-control-allow-methods']), /GET/);
      const stranger = await raw(port, '/assets/big.txt', { origin: 'https://evil.example', ...preflight }, 'OPTIONS');
      assert.is(stranger.headers['access-control-allow-origin'], undefined);
      assert.is.not(stranger.status, 204);
      assert.is((await raw(port, '/elsewhere.txt', { origin: 'https://app.example.com', ...preflight }, 'OPTIONS')).status, 404);
      assert.is((await raw(port, '/assets/big.txt', {}, 'POST')).status, 404);
    } finally {
      await app.close();
    }
  });

  cors.run();
}

refusals.after(() => fs.rmSync(place, { recursive: true, force: true }));
refusals.run();
