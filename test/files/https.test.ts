// app.listen({ tls }): HTTP/2 and HTTP/1.1 on one TLS port by ALPN, with a self-signed certificate
// made here by the openssl CLI; spoken to by curl --http2, nghttp, node:http2 (an event stream) and
// a WebSocket over HTTP/1.1, then drained by app.close() with an HTTP/2 stream still open.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { compileFixture } from '../compile-fixture.js';
import { launch } from '../launch.js';
import { AppModule } from './fixtures/encoding/src/app.module.js';
import { LIST } from './fixtures/encoding/src/bytes.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/encoding/', import.meta.url));

const place = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-tls-'));
const keyFile = path.join(place, 'key.pem');
const certFile = path.join(place, 'cert.pem');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
fs.mkdirSync(path.join(place, 'public'));
fs.writeFileSync(path.join(place, 'public', 'hello.txt'), 'static over TLS');

// Run asynchronously: the server answering them is in this process.
const run = promisify(execFile);

/** curl's body and the protocol version it spoke, after `--write-out`. */
async function curl(...args: string[]): Promise<{ body: string; version: string }> {
  const { stdout } = await run('curl', ['-sS', '--cacert', certFile, '--max-time', '10', '-w', '\n%{http_version}', ...args], { encoding: 'utf8' });
  const at = stdout.lastIndexOf('\n');
  return { body: stdout.slice(0, at), version: stdout.slice(at + 1) };
}

const test = suite<{ app: FrameworkApplication; base: string }>('HTTPS with HTTP/2 and HTTP/1.1 on one port');

test.before(async (context) => {
  const app = new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined }, compression: true });
  app.serveStatic('/files', path.join(place, 'public'));
  context.app = await app.init(AppModule);
  const port = await context.app.listen({ port: 0, host: '127.0.0.1', tls: { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile, 'utf8') } });
  context.base = `https://127.0.0.1:${port}`;
});

test('curl --http2 gets HTTP/2, curl --http1.1 HTTP/1.1: routes, compression, static files and the 404', async ({ base }) => {
  assert.equal(await curl('--http2', `${base}/bytes/small`), { body: '{"ok":true}', version: '2' });
  assert.equal(await curl('--http1.1', `${base}/bytes/small`), { body: '{"ok":true}', version: '1.1' });
  assert.is((await curl('--http2', '--compressed', `${base}/bytes/list`)).body, JSON.stringify(LIST));
  assert.equal(await curl('--http2', `${base}/files/hello.txt`), { body: 'static over TLS', version: '2' });
  assert.match((await curl('--http2', `${base}/nothing`)).body, '"status":404');
  assert.match((await curl('--http2', '-I', `${base}/bytes/small`)).body, /^HTTP\/2 200/);
});

test("a HEAD over HTTP/2 has the Content-Length its GET has, as over HTTP/1.1", async ({ base }) => {
  const session = http2.connect(base, { ca: fs.readFileSync(certFile) });
  const ask = async (method: string, path: string, headers: Record<string, string>) => {
    const stream = session.request({ ':method': method, ':path': path, ...headers });
    const head = await new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once('response', resolve));
    let length = 0;
    for await (const chunk of stream) length += (chunk as Buffer).length;
    return { head, length };
  };
  for (const path of ['/bytes/small', '/bytes/list', '/bytes/text', '/files/hello.txt', '/nothing']) {
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const [got, headed] = [await ask('GET', path, headers), await ask('HEAD', path, headers)];
      const what = `HEAD ${path} with ${JSON.stringify(headers)}`;
      assert.is(headed.head[':status'], got.head[':status'], what);
      assert.ok(got.head['content-length'] !== undefined, `${what}: its GET has a length`);
      assert.is(headed.head['content-length'], got.head['content-length'], what);
      assert.is(headed.head['content-length'], String(got.length), `${what}: the bytes its GET sent`);
      assert.is(headed.head['content-encoding'], got.head['content-encoding'], what);
      assert.is(headed.length, 0, what);
    }
  }
  session.close();
  const { body } = await curl('--http2', '-I', '-H', 'accept-encoding: gzip', `${base}/bytes/list`);
  assert.match(body, /^HTTP\/2 200/);
  assert.match(body, /content-encoding: gzip/i);
  const length = Number(/content-length: (\d+)/i.exec(body)?.[1]);
  assert.ok(length > 0 && length < JSON.stringify(LIST).length / 4, `curl -I --http2 got the gzip body's length (${length})`);
});

test('nghttp speaks HTTP/2 to it', async ({ base }) => {
  const { stdout, stderr } = await run('nghttp', ['-v', '-n', `${base}/bytes/small`], { encoding: 'utf8', timeout: 10_000 });
  assert.match(stdout + stderr, 'The negotiated protocol: h2');
  assert.match(stdout, ':status: 200');
  assert.match(stdout, 'END_STREAM');
});

test('an event stream over HTTP/2 (node:http2)', async ({ base }) => {
  const session = http2.connect(base, { ca: fs.readFileSync(certFile) });
  const stream = session.request({ ':path': '/bytes/events', accept: 'text/event-stream' });
  let text = '';
  stream.setEncoding('utf8');
  const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once('response', resolve));
  assert.is(headers[':status'], 200);
  assert.match(String(headers['content-type']), 'text/event-stream');
  for await (const chunk of stream) {
    text += chunk;
    if (text.includes('\n\n')) break;
  }
  assert.match(text, `data: {"data":"${'x'.repeat(2000)}"}`);
  stream.close();
  session.close();
});

test('a WebSocket upgrade over HTTP/1.1 on the TLS port', async ({ base }) => {
  const socket = new WebSocket(`${base.replace('https', 'wss')}/bytes/hello`, { ca: fs.readFileSync(certFile) });
  const message = await new Promise<string>((resolve, reject) => {
    socket.once('message', (data) => resolve(String(data)));
    socket.once('error', reject);
  });
  assert.equal(JSON.parse(message), { hello: 'over TLS' });
  socket.close();
});

test('app.close() drains: an open HTTP/2 stream ends, and the port is closed', async ({ app, base }) => {
  const session = http2.connect(base, { ca: fs.readFileSync(certFile) });
  session.on('error', () => undefined);
  const stream = session.request({ ':path': '/bytes/events' });
  stream.on('error', () => undefined);
  await new Promise((resolve) => stream.once('response', resolve));
  const started = Date.now();
  await app.close();
  assert.ok(Date.now() - started < 3000, `closed in ${Date.now() - started} ms`);
  const refused = await run('curl', ['-sS', '--cacert', certFile, '--max-time', '5', `${base}/bytes/small`]).then(() => false, () => true);
  assert.ok(refused, 'nothing listens any more');
  session.destroy();
});

test('a tls without key or cert is refused with the fix', async () => {
  const app = await new FrameworkApplication(tables).init(AppModule);
  try {
    await app.listen({ port: 0, tls: { key: '', cert: 'x' } });
    assert.unreachable('listened');
  } catch (error) {
    assert.match((error as Error).message, 'tls needs both `key` and `cert`');
  }
  await app.close();
});

test('the compiled example: TLS_CERT_FILE and TLS_KEY_FILE turn HTTPS and HTTP/2 on; one alone stops the start in one line', async () => {
  const main = new URL('../../examples/todo/dist/examples/todo/src/main.js', import.meta.url).pathname;
  const env = { JWT_SECRET: 'https-secret-of-at-least-thirty-two-bytes', TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile };
  const example = await launch(process.execPath, [main], { readyWithinMs: 60_000, env });
  try {
    assert.match(example.output(), /HTTP on https:\/\/127\.0\.0\.1:\d+ \(HTTP\/2 and HTTP\/1\.1\)/);
    const page = await curl('--http2', `${example.base}/`);
    assert.is(page.version, '2');
    assert.match(page.body, '<title>Todo example</title>');
    assert.match((await curl('--http2', `${example.base}/info`)).body, '"service":"todo example"');
    // Answered through a Web `Request` made from the HTTP/2 request (the static mount at `/`): its
    // pseudo-headers are not headers, its host is `:authority`.
    assert.match((await curl('--http2', `${example.base}/todos`)).body, '"status":404');
  } finally {
    await example.stop();
  }
  const refused = await launch(process.execPath, [main], { readyWithinMs: 60_000, env: { ...env, TLS_KEY_FILE: '' } }).then(
    () => 'started',
    (failure: Error) => failure.message,
  );
  assert.match(refused, /TLS_KEY_FILE/);
  assert.not.match(refused, /\n\s+at /, 'no stack');
});

test.after(() => fs.rmSync(place, { recursive: true, force: true }));
test.run();
