// Hostile multipart bodies over raw sockets (what fetch's FormData never sends): boundaries RFC 2046
// refuses, control characters in names, RFC 5987 file names, oversized part heads, thousands of
// parts, a client gone between two files. Each is a 4xx naming the problem (or the plain answer),
// with no stack, nothing left on disk, in time linear in its size; the server answers afterwards.
// The limits crossed one at a time are test/uploads/uploads-http.test.ts's.
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHostile, type HostileServer } from './fixtures/hostile-server.js';
import { medianMs, scalesLinearly } from './fixtures/linear-time.js';
import { eventually, exchange } from './fixtures/raw-http.js';

const B = 'h0stile-b0undary';

/** A POST of `body` to `path` that closes its connection after the answer. */
function post(path: string, body: string, contentType = `multipart/form-data; boundary=${B}`): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}
const field = (name: string, value: string, boundary = B) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (disposition: string, bytes: string) => `--${B}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: text/plain\r\n\r\n${bytes}\r\n`;
const close = (boundary = B) => `--${boundary}--\r\n`;

/** Status and JSON body of one raw request; fails on a stack in the answer. */
async function send(port: number, request: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { status, response } = await exchange(port, [request], { timeoutMs: 5000 });
  assert.not.match(response, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  // The body's bytes are UTF-8; the exchange reads them as latin1.
  const text = Buffer.from(response.slice(response.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8');
  return { status, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { text } };
}

/** What every case ends with: nothing logged, and the server still answers a normal request. */
async function unharmed(server: HostileServer): Promise<void> {
  assert.equal(server.errors, [], 'nothing logged');
  assert.is((await send(server.port, 'GET /h/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status, 200, 'the server still answers');
}

const uploads = suite<{ server: HostileServer }>('hostile multipart bodies');

uploads.before(async (context) => {
  // Limits raised far enough for thousands of parts to reach the parser and the form.
  context.server = await startHostile('uploads', { bodyLimit: 4 * 1024 * 1024, uploads: { maxParts: 30_000, maxFields: 30_000 } });
});
uploads.after(async ({ server }) => server.close());

uploads('boundaries RFC 2046 refuses are a 400 naming the boundary; the longest allowed one and a quoted one are read', async ({ server }) => {
  const long = 'b'.repeat(71);
  const refused: [string, string, string, RegExp][] = [
    ['71 characters', `multipart/form-data; boundary=${long}`, long, /1 to 70 characters long \(RFC 2046\); it has 71/],
    ['an empty boundary', 'multipart/form-data; boundary=', B, /1 to 70 characters long \(RFC 2046\); it has 0/],
    ['a character outside bchars', 'multipart/form-data; boundary=a<b>', 'a<b>', /holds a character RFC 2046 does not allow/],
    ['a trailing space', 'multipart/form-data; boundary="ab "', 'ab ', /holds a character RFC 2046 does not allow/],
    ['two boundary parameters, the real one first', `multipart/form-data; boundary=${B}; boundary=other`, B, /has 2 boundary parameters; send one/],
    ['two boundary parameters, the real one last', `multipart/form-data; boundary=other; BOUNDARY=${B}`, B, /has 2 boundary parameters; send one/],
  ];
  for (const [what, contentType, boundary, message] of refused) {
    const { status, body } = await send(server.port, post('/h/form', field('title', 'hi', boundary) + close(boundary), contentType));
    assert.is(status, 400, what);
    assert.is(body.name, 'MalformedBodyException', what);
    assert.match(String(body.message), message, what);
  }
  // A boundary the parser would read apart from the one checked: RFC 2231's `boundary*` (the parser
  // takes the first it finds, decoded), a space outside quotes (the parser drops it; a token holds none).
  const misread: [string, string, string, RegExp][] = [
    ["boundary* before boundary=", `multipart/form-data; boundary*=utf-8''other; boundary=${B}`, 'other', /has 2 boundary parameters; send one/],
    ['boundary*0 before boundary=', `multipart/form-data; boundary*0=other; boundary=${B}`, '0=other', /has 2 boundary parameters; send one/],
    ['boundary* alone', "multipart/form-data; boundary*=utf-8''other", 'other', /boundary\* .*send boundary=/],
    ['an unquoted space', 'multipart/form-data; boundary=sp ace', 'space', /holds a space outside quotes/],
    ['text after the closing quote', `multipart/form-data; boundary="${B}"junk`, B, /holds a character RFC 2046 does not allow/],
  ];
  for (const [what, contentType, boundary, message] of misread) {
    const { status, body } = await send(server.port, post('/h/form', field('title', 'smuggled', boundary) + close(boundary), contentType));
    assert.is(status, 400, what);
    assert.match(String(body.message), message, what);
  }
  for (const boundary of ['b'.repeat(70), "a quoted boundary'()+_,-./:=?"]) {
    const { status, body } = await send(server.port, post('/h/form', field('title', 'hi', boundary) + close(boundary), `multipart/form-data; charset=utf-8; boundary="${boundary}"`));
    assert.is(status, 200, boundary);
    assert.equal(body, { title: 'hi' });
  }
  await unharmed(server);
});

uploads('a part name holding NUL or another control character is a 400, for a field and for a file', async ({ server }) => {
  for (const [what, body] of [
    ['a field', field('ti\0tle', 'hi') + close()],
    ['a file', field('title', 't') + file('name="fi\x01le"; filename="a.txt"', 'abc') + close()],
  ] as const) {
    const answer = await send(server.port, post('/h/file', body));
    assert.is(answer.status, 400, what);
    assert.match(String(answer.body.message), /holds a control character/, what);
  }
  await unharmed(server);
});

uploads("RFC 5987 file names: UTF-8 decoded, bad percent-encoding a 400, a path cut to its last segment", async ({ server }) => {
  for (const [what, disposition] of [
    ['a cut escape', `filename*=UTF-8''%E2%8`],
    ['no escape at all', `filename*=UTF-8''%ZZ`],
  ]) {
    const { status, body } = await send(server.port, post('/h/file', field('title', 't') + file(`name="file"; ${disposition}`, 'abc'.repeat(500)) + close()));
    assert.is(status, 400, what);
    assert.match(String(body.message), /Form part 'file' has a filename\* that cannot be decoded/, what);
  }
  const names: [string, string, (name: string) => boolean][] = [
    ['valid UTF-8', `filename*=UTF-8''%E2%82%AC%20rates.txt`, (name) => name === '€ rates.txt'],
    ['an encoded path', `filename*=UTF-8''..%2F..%2Fx`, (name) => name === 'x'],
    ['a plain path', 'filename="../../x"', (name) => name === 'x'],
    ['a Windows path', 'filename="..\\\\..\\\\x"', (name) => name === 'x'],
  ];
  for (const [what, disposition, expected] of names) {
    const { status, body } = await send(server.port, post('/h/file', field('title', 't') + file(`name="file"; ${disposition}`, 'abc'.repeat(500)) + close()));
    assert.is(status, 200, what);
    assert.ok(expected(String(body.name)), `${what}: ${JSON.stringify(body.name)}`);
  }
  assert.ok(await eventually(() => readdirSync(server.temp).length === 0), 'every spilled file deleted');
  await unharmed(server);
});

uploads('a form sent to a JSON route, and a body that ends inside a part head, are 400s that say so', async ({ server }) => {
  const json = await send(server.port, post('/h/json', field('title', 'hi') + close()));
  assert.is(json.status, 400);
  assert.match(String(json.body.message), /must be sent with Content-Type: application\/json \(got 'multipart\/form-data; boundary=/);
  const cut = await send(server.port, post('/h/form', `--${B}\r\nContent-Disposition: form-da`));
  assert.is(cut.status, 400);
  assert.match(String(cut.body.message), /ended before its closing boundary/);
  await unharmed(server);
});

uploads('charset tricks: a part charset no decoder knows, a _charset_ field, a charset on the form: read as UTF-8', async ({ server }) => {
  const unknown = `--${B}\r\nContent-Disposition: form-data; name="title"\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\nhé\r\n`;
  const answers = [
    await send(server.port, post('/h/form', unknown + close())),
    await send(server.port, post('/h/form', field('_charset_', 'utf-16le') + field('title', 'hé') + close())),
    await send(server.port, post('/h/form', field('title', 'hé') + close(), `multipart/form-data; charset=utf-16; boundary=${B}`)),
  ];
  for (const { status, body } of answers) {
    assert.is(status, 200, JSON.stringify(body));
    assert.equal(body, { title: 'hé' });
  }
  await unharmed(server);
});

uploads('10,000 tiny parts of one name are read, every value kept, in time linear in their count', async ({ server }) => {
  const many = (count: number) => post('/h/form', field('title', 'hi') + field('body', 'x').repeat(count) + close());
  const { status, body } = await send(server.port, many(10_000));
  // `body` is a string in the DTO: ten thousand values are a validation 400, not a crash.
  assert.is(status, 400);
  assert.match(String(body.message), /^Invalid form: body must be a string/);
  // Copying the values for each new one (n²) took seconds at 20,000.
  const small = await medianMs(() => send(server.port, many(2_000)));
  const large = await medianMs(() => send(server.port, many(20_000)));
  const verdict = scalesLinearly(small, large, 100);
  assert.ok(verdict.ok, verdict.message);
  await unharmed(server);
});

uploads('a part head of 100 KiB is answered (the parser keeps 80 KiB of it), at a cost linear in its length', async ({ server }) => {
  const padded = (bytes: number) => post('/h/form', `--${B}\r\nContent-Disposition: form-data; name="title"\r\nX-Pad: ${'p'.repeat(bytes)}\r\n\r\nhi\r\n` + close());
  const { status, body } = await send(server.port, padded(100 * 1024));
  assert.is(status, 200);
  assert.equal(body, { title: 'hi' });
  const verdict = scalesLinearly(await medianMs(() => send(server.port, padded(7 * 1024))), await medianMs(() => send(server.port, padded(70 * 1024))));
  assert.ok(verdict.ok, verdict.message);
  await unharmed(server);
});

uploads('a client gone in the middle of its second file, the first already on disk: no temporary file is left', async ({ server }) => {
  const first = file('name="photos"; filename="one.txt"', 'a'.repeat(8 * 1024));
  const half = `--${B}\r\nContent-Disposition: form-data; name="photos"; filename="two.txt"\r\n\r\n${'b'.repeat(8 * 1024)}`;
  const head = `POST /h/photos HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${B}\r\nContent-Length: ${64 * 1024}\r\n\r\n`;
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(head + first + half);
  // Cut only once the first file is on disk: the case is a deletion, not a file never written.
  assert.ok(await eventually(() => readdirSync(server.temp).length > 0), 'the first file went to disk');
  socket.resetAndDestroy();
  assert.ok(await eventually(() => readdirSync(server.temp).length === 0), `left: ${readdirSync(server.temp).join(', ')}`);
  await unharmed(server);
});

uploads.run();
