// An application as a Cloudflare Worker: `framework-build bundle --target workers` of a module that
// exports `{ fetch }`, run by the real `workerd` through Miniflare (both from the npm registry,
// test/provision/miniflare.mjs): routes, a variable of the Worker's env, validation and
// malformed-JSON 400s, the body limit's 413 (also while a body is still arriving),
// the 404 (with the framework's bodies), the JWT guard, the throttler in memory (each caller by the
// address Cloudflare names), an event stream, compressed answers sent compressed once, and the
// request log's JSON lines in the Worker's output, a server error's stack in its line (and one holding a BigInt or a cycle).
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/builder/builder.js';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { ensureMiniflare } from '../provision/miniflare.mjs';

const fixture = fileURLToPath(new URL('./fixtures/hello/', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-worker-'));
let bundleFile = '';
/** What workerd wrote (the Worker's console among it). */
let workerOutput = '';
let worker: { dispatchFetch(url: string, init?: RequestInit): Promise<Response>; dispose(): Promise<void>; ready: Promise<URL> };

test.before(async () => {
  const miniflare = ensureMiniflare();
  if (!miniflare.ok) throw new Error(miniflare.message);
  const tables = await build({ srcDir: path.join(fixture, 'src'), outDir: path.join(fixture, 'generated'), write: true });
  assert.ok(tables.ok, tables.diagnostics.map((d) => d.message).join('\n'));
  bundleFile = (await bundleApp({ entry: path.join(fixture, 'src/worker.ts'), outDir: dir, target: 'workers' })).file;
  const { Miniflare } = (await import(miniflare.url!)) as { Miniflare: new (options: object) => typeof worker };
  worker = new Miniflare({
    modules: true,
    scriptPath: bundleFile,
    modulesRoot: dir, // module names are paths relative to it
    compatibilityDate: '2026-04-01',
    compatibilityFlags: ['nodejs_compat'],
    bindings: { GREETING: 'from the Worker env' },
    // The Worker's console reaches these as one message a call (workerd's own output is dropped).
    handleRuntimeStdio(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) {
      for (const stream of [stdout, stderr]) stream.resume();
    },
    handleStructuredLogs({ message }: { message: string }) {
      workerOutput += message + '\n';
    },
  });
});

test.after(async () => {
  await worker?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const post = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

test('the Worker answers its routes, with a variable of its env', async () => {
  const hello = await worker.dispatchFetch('http://worker.test/hello');
  assert.is(hello.status, 200);
  assert.equal(await hello.json(), { hello: 'from the Worker env' });
  const echo = await worker.dispatchFetch('http://worker.test/hello/echo', post('{"text":"hi"}'));
  assert.is(echo.status, 200);
  assert.equal(await echo.json(), { text: 'hi' });
});

test('refusals carry the framework status and body in workerd', async () => {
  const invalid = await worker.dispatchFetch('http://worker.test/hello/echo', post('{"text":7}'));
  assert.is(invalid.status, 400);
  assert.is(((await invalid.json()) as { name: string }).name, 'NotValidBodyException');
  const malformed = await worker.dispatchFetch('http://worker.test/hello/echo', post('{"text":'));
  assert.is(malformed.status, 400);
  assert.is(((await malformed.json()) as { name: string }).name, 'MalformedBodyException');
  const large = await worker.dispatchFetch('http://worker.test/hello/echo', post(JSON.stringify({ text: 'x'.repeat(4096) })));
  assert.is(large.status, 413);
  assert.equal(await large.json(), { status: 413, name: 'BodyTooLargeException', message: 'Request body is larger than the limit of 1024 bytes' });
  const missing = await worker.dispatchFetch('http://worker.test/nope');
  assert.is(missing.status, 404);
  assert.equal(await missing.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
});

// Cloudflare refuses a body over its plan's limit (100 MB on Free and Pro) before the Worker runs;
// below it, the framework's own limit answers while the body is still arriving. The body stalls after
// 64 KiB until the answer comes, then ends: a Worker that waited for the whole body would never
// answer. (More bytes sent than workerd has read make it reset the connection as it answers.)
test('a body still arriving past the limit gets the framework 413 before it ends', async () => {
  const chunk = new Uint8Array(64 * 1024).fill(32);
  let answered = (): void => undefined;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= chunk.length) return answer.then(() => controller.close());
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' };
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer while the body was still arriving')), 15_000).unref());
  const refused = await Promise.race([worker.dispatchFetch('http://worker.test/hello/echo', init as RequestInit), timeout]);
  answered();
  assert.is(refused.status, 413);
  assert.is(((await refused.json()) as { name: string }).name, 'BodyTooLargeException');
});

/** GET `path` from the Worker over a socket, its body as sent (Node's fetch would decode it). */
const raw = async (path: string, headers: Record<string, string>) => {
  const url = new URL(path, await worker.ready);
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
};

// The Workers runtime encodes a body itself by its Content-Encoding unless told the body is
// encoded already: the framework's compressed answer must reach the client compressed once.
test('a compressed answer reaches the client compressed once, in a coding it accepts', async () => {
  const expected = Array.from({ length: 100 }, (_, id) => ({ id, text: `item number ${id}` }));
  const decode = { gzip: gunzipSync, br: brotliDecompressSync, identity: (body: Buffer) => body } as const;
  for (const accepted of ['gzip', 'br', 'identity'] as const) {
    const { encoding, body } = await raw('/hello/list', { 'accept-encoding': accepted });
    assert.is(encoding ?? 'identity', accepted, accepted);
    assert.equal(JSON.parse(decode[accepted](body).toString()), expected, accepted);
  }
});

// Cloudflare names the caller in CF-Connecting-IP (a client's own is replaced): each caller has its quota.
test('the throttler counts in memory, each caller by its address, and an event stream flows, inside the Worker', async () => {
  const call = async (address: string) => {
    const response = await worker.dispatchFetch('http://worker.test/hello/limited', { headers: { 'cf-connecting-ip': address } });
    await response.arrayBuffer();
    return response.status;
  };
  const statuses: number[] = [];
  for (let count = 0; count < 3; count++) statuses.push(await call('198.51.100.7'));
  statuses.push(await call('203.0.113.9'));
  assert.equal(statuses, [200, 200, 429, 200]);
  const ticks = await worker.dispatchFetch('http://worker.test/hello/ticks');
  assert.is(ticks.status, 200);
  assert.match(ticks.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.match(await ticks.text(), /event: tick\nid: 1\ndata: 1\n\n[\s\S]*event: tick\nid: 3\ndata: 3\n\n/);
});

test('the JWT guard: a token signed in the Worker opens the guarded route; none or a bad one is a 403', async () => {
  const { token } = (await (await worker.dispatchFetch('http://worker.test/account/token', { method: 'POST' })).json()) as { token: string };
  const me = await worker.dispatchFetch('http://worker.test/account/me', { headers: { authorization: `Bearer ${token}` } });
  assert.equal([me.status, await me.text()], [200, 'ada']);
  const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${token.slice(0, -2)}xx` }];
  for (const headers of attempts) {
    const refused = await worker.dispatchFetch('http://worker.test/account/me', { headers });
    assert.equal([refused.status, await refused.json()], [403, { status: 403, name: 'ForbiddenException', message: 'Forbidden' }]);
  }
});

test('an event stream opened with a token that expires in 1-2 s ends then, with a last exception event (401)', async () => {
  const { token } = (await (await worker.dispatchFetch('http://worker.test/account/token?seconds=2', { method: 'POST' })).json()) as { token: string };
  const expiresAt = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;
  const feed = await worker.dispatchFetch('http://worker.test/account/feed', { headers: { authorization: `Bearer ${token}` } });
  assert.is(feed.status, 200);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // An endless stream that outlived its token fails the test 5 s after the token's exp.
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the stream outlived its token by 5 s')), expiresAt + 5000 - Date.now())));
  const text = await Promise.race([feed.text(), late]).finally(() => clearTimeout(timer));
  assert.ok(Date.now() >= expiresAt - 20, 'not before the token expired');
  assert.match(text, /^event: tick\n/);
  assert.ok(text.endsWith('event: exception\ndata: {"status":401,"name":"HttpException","message":"The token expired."}\n\n'), text.slice(-200));
});

test('the request log writes one JSON line a request in the Worker, a server error with its stack', async () => {
  const broken = await worker.dispatchFetch('http://worker.test/hello/broken');
  assert.is(broken.status, 500);
  assert.not.match(await broken.text(), /the Worker route broke/, 'no error message in the answer');
  const lines = async (): Promise<Record<string, unknown>[]> => {
    for (let waited = 0; waited < 2000 && !workerOutput.includes('"route":"/hello/broken"'); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    return workerOutput.split('\n').filter((line) => line.startsWith('{"')).map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  const written = await lines();
  assert.not.match(workerOutput, /pino could not be loaded/);
  const hello = written.find((line) => line.route === '/hello');
  assert.ok(hello, `no line for /hello in:\n${workerOutput}`);
  assert.is(hello.status, 200);
  assert.is(hello.level, 30);
  assert.is(hello.msg, 'request completed');
  assert.type(hello.time, 'number');
  const failed = written.find((line) => line.route === '/hello/broken')!;
  assert.is(failed.level, 50);
  const error = failed.err as { type: string; message: string; stack: string };
  assert.is(error.type, 'Error');
  assert.is(error.message, 'the Worker route broke');
  assert.match(error.stack, /broken/);
});

test('an error holding a BigInt and a cycle is logged as pino writes it on Node, and the log goes on', async () => {
  const odd = await worker.dispatchFetch('http://worker.test/hello/odd-error');
  assert.is(odd.status, 500);
  assert.is(((await odd.json()) as { name: string }).name, 'InternalServerErrorException');
  const after = await worker.dispatchFetch('http://worker.test/hello', { headers: { 'user-agent': 'after-odd' } });
  assert.is(after.status, 200);
  for (let waited = 0; waited < 2000 && !workerOutput.includes('"userAgent":"after-odd"'); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const lines = workerOutput.split('\n').filter((line) => line.startsWith('{"')).map((line) => JSON.parse(line) as Record<string, unknown>);
  const failed = lines.find((line) => line.route === '/hello/odd-error');
  assert.ok(failed, `no line for /hello/odd-error in:\n${workerOutput}`);
  assert.equal((failed.err as { context: unknown }).context, { id: 12, self: '[Circular]' });
  assert.ok(lines.some((line) => line.userAgent === 'after-odd'), 'the next request is logged');
});

test('the Worker bundle is under 1 MiB gzipped', () => {
  const gzipped = gzipSync(readFileSync(bundleFile)).length;
  assert.ok(gzipped < 1024 * 1024, `${gzipped} bytes gzipped`);
});

test.run();
