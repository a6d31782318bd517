// Hostile requests against static files, ranges, conditional GET and compression: the traversal
// spellings test/files/static-files.test.ts does not try, headers far past any browser's (through
// app.fetch, which has no header cap, and over raw sockets, where Node's 16 KiB cap answers 431),
// and q-values no client means. Each is a 4xx, or the plain answer where the feature does not
// apply, never a byte outside the root, with no stack, in time linear in its size.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SECRET, startHostile, type HostileServer } from './fixtures/hostile-server.js';
import { medianMs, scalesLinearly } from './fixtures/linear-time.js';
import { exchange } from './fixtures/raw-http.js';

/** A GET (or `method`) that closes its connection after the answer. */
const get = (target: string, headers = '', method = 'GET') => `${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`;

/** Status, head and body of one raw request; fails on a stack or the secret in the answer. */
async function send(port: number, request: string): Promise<{ status: number; head: string; body: Buffer }> {
  const { status, response } = await exchange(port, [request], { timeoutMs: 5000 });
  assert.not.match(response, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  assert.not.match(response, SECRET, 'nothing read outside the root');
  const split = response.indexOf('\r\n\r\n');
  return { status, head: response.slice(0, split).toLowerCase(), body: Buffer.from(response.slice(split + 4), 'latin1') };
}

/** One request through `app.fetch`, with headers no Node server would let in. */
async function fetchIn(server: HostileServer, path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: Headers; text: string }> {
  const answer = await server.app.fetch(new Request(`http://x${path}`, { method, headers }));
  const text = await answer.text();
  assert.not.match(text, SECRET, 'nothing read outside the root');
  return { status: answer.status, headers: answer.headers, text };
}

async function unharmed(server: HostileServer): Promise<void> {
  assert.equal(server.errors, [], 'nothing logged');
  assert.is((await send(server.port, get('/static/hello.txt'))).status, 200, 'the server still answers');
}

const bytes = suite<{ server: HostileServer }>('hostile requests for bytes');

bytes.before(async (context) => {
  context.server = await startHostile('bytes');
});
bytes.after(async ({ server }) => server.close());

bytes('traversal in the spellings not tried elsewhere: a 404 (or the host 400/431), never the file beside the root', async ({ server }) => {
  const spellings: [string, number[]][] = [
    ['/static/%252e%252e/secret.txt', [404]],
    ['/static/%c0%ae%c0%ae/secret.txt', [404]],
    ['/static/%c0%af..%c0%afsecret.txt', [404]],
    ['/static/..%5csecret.txt', [404]],
    ['/static/sub%5c..%5c..%5csecret.txt', [404]],
    ['/static/..\\secret.txt', [400, 404]],
    ['/static/hello.txt%00', [404]],
    ['/static/hello.txt%00.png', [404]],
    ['/static/%00/../secret.txt', [404]],
    ['/static/sub/%2e%2e/%2e%2e/secret.txt', [404]],
    [`/static${'/..'.repeat(5000)}/secret.txt`, [404]],
    [`/static${'/a'.repeat(10_000)}`, [404, 431]],
    [`/static/${'a'.repeat(64 * 1024)}`, [404, 431]],
  ];
  for (const [target, statuses] of spellings) {
    const { status, body } = await send(server.port, get(target));
    assert.ok(statuses.includes(status), `${target.slice(0, 60)}: ${status}`);
    if (status === 404) assert.match(body.toString(), /"name":"NotFoundException"/);
  }
  await unharmed(server);
});

bytes('a 64 KiB path and 10,000 segments reach the mount on a host without a header cap: 404s, in linear time', async ({ server }) => {
  for (const path of [`/static/${'a'.repeat(64 * 1024)}`, `/static${'/a'.repeat(10_000)}`, `/static${'/%2e%2e'.repeat(10_000)}/secret.txt`]) {
    assert.is((await fetchIn(server, path, {})).status, 404);
  }
  const segments = (count: number) => () => fetchIn(server, `/static${'/a'.repeat(count)}`, {});
  const verdict = scalesLinearly(await medianMs(segments(2_000)), await medianMs(segments(20_000)));
  assert.ok(verdict.ok, verdict.message);
  await unharmed(server);
});

bytes('Range: 1,000 ranges, negative, reversed and overflowing numbers; HEAD with a Range', async ({ server }) => {
  const range = (value: string, method = 'GET') => send(server.port, get('/static/big.bin', `Range: ${value}\r\n`, method));
  const many = await range(`bytes=${Array.from({ length: 1000 }, (_, i) => `${i * 5}-${i * 5 + 1}`).join(',')}`);
  assert.is(many.status, 416);
  assert.match(many.body.toString(), /more than 100 ranges/);
  assert.match(many.head, 'content-range: bytes */10000');
  // Not a list of byte ranges: ignored, the whole file (RFC 9110 §14.2).
  for (const ignored of ['bytes=-5--3', 'bytes=1e3-', 'bytes=0x10-', 'bytes=0-1,,', 'pages=1-2']) {
    const { status, body } = await range(ignored);
    assert.is(status, 200, ignored);
    assert.is(body.length, 10_000, ignored);
  }
  // A last position past the end is the end, a suffix longer than the file is all of it (RFC 9110 §14.1).
  for (const whole of ['bytes=0-99999999999999999999', 'bytes=-99999999999999999999', 'bytes=-10001']) {
    const { status, head } = await range(whole);
    assert.is(status, 206, whole);
    assert.match(head, 'content-range: bytes 0-9999/10000', whole);
  }
  for (const unsatisfiable of ['bytes=99999999999999999999-', 'bytes=10000-', 'bytes=50-10', 'bytes=-0']) {
    const { status, head } = await range(unsatisfiable);
    assert.is(status, 416, unsatisfiable);
    assert.match(head, 'content-range: bytes */10000', unsatisfiable);
  }
  const head = await range('bytes=0-9', 'HEAD');
  assert.is(head.status, 206);
  assert.match(head.head, 'content-length: 10');
  assert.is(head.body.length, 0, 'HEAD has no body');
  const headPast = await range('bytes=90000-', 'HEAD');
  assert.is(headPast.status, 416);
  assert.is(headPast.body.length, 0, 'HEAD has no body, a 416 neither');
  await unharmed(server);
});

bytes('validators: an If-None-Match of 1 MiB, garbage dates, a garbage If-Range: the whole file, in linear time', async ({ server }) => {
  const tags = (count: number) => () => fetchIn(server, '/static/big.bin', { 'if-none-match': '"x", '.repeat(count) });
  const mib = await tags(180_000)();
  assert.is(mib.status, 200);
  assert.is(mib.text.length, 10_000);
  const verdict = scalesLinearly(await medianMs(tags(18_000)), await medianMs(tags(180_000)));
  assert.ok(verdict.ok, verdict.message);
  for (const [name, value] of [
    ['if-modified-since', 'garbage'],
    ['if-modified-since', 'x'.repeat(100_000)],
    ['if-unmodified-since', 'Thu, 99 Foo 0000 99:99:99 GMT'],
  ]) {
    assert.is((await fetchIn(server, '/static/big.bin', { [name]: value })).status, 200, `${name}: ${value.slice(0, 30)}`);
  }
  const ifRange = await send(server.port, get('/static/big.bin', 'If-Range: garbage\r\nRange: bytes=0-1\r\n'));
  assert.is(ifRange.status, 200, 'a Range under an If-Range that does not match is the whole file');
  await unharmed(server);
});

/** The JSON of an answer, decoded by its Content-Encoding. */
function decoded(head: string, body: Buffer): unknown {
  const coding = /content-encoding: (\S+)/.exec(head)?.[1];
  return JSON.parse((coding === 'gzip' ? gunzipSync(body) : coding === 'br' ? brotliDecompressSync(body) : body).toString());
}

bytes('Accept-Encoding: 10,000 codings, 100 KiB, q=NaN, q=1e999, q=-1, duplicates: a coding it asked for or none, the same JSON', async ({ server }) => {
  const plain = decoded('', (await send(server.port, get('/h/list'))).body);
  const cases: [string, RegExp][] = [
    [`${'x,'.repeat(5000)}gzip`, /^$/],
    ['gzip;q=NaN, br;q=NaN', /^$/],
    ['gzip;q=-1, br;q=-1', /^$/],
    ['gzip;q=1e999', /^gzip$/],
    ['gzip;q=0, gzip;q=1', /^(gzip|)$/],
    ['br;q=0.5, br, gzip;q=0.9, gzip;q=0', /^(br|gzip|)$/],
    ['identity;q=0, *;q=0', /^$/],
    ['gzip;q=0.5;q=0.9;;;=, ,;', /^(gzip|)$/],
  ];
  for (const [value, coding] of cases) {
    const { status, head, body } = await send(server.port, get('/h/list', `Accept-Encoding: ${value}\r\n`));
    assert.is(status, 200, value.slice(0, 40));
    assert.match(/content-encoding: (\S+)/.exec(head)?.[1] ?? '', coding, value.slice(0, 40));
    assert.equal(decoded(head, body), plain, value.slice(0, 40));
  }
  // Past any header cap, through app.fetch: still the plain answer, in linear time.
  const codings = (count: number) => () => fetchIn(server, '/h/list', { 'accept-encoding': Array.from({ length: count }, (_, i) => `c${i};q=0.${i % 9}`).join(',') });
  const huge = await codings(10_000)();
  assert.is(huge.status, 200);
  assert.is(huge.headers.get('content-encoding'), null);
  const verdict = scalesLinearly(await medianMs(codings(1_000)), await medianMs(codings(10_000)));
  assert.ok(verdict.ok, verdict.message);
  await unharmed(server);
});

bytes.run();
