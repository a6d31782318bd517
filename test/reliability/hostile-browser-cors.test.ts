// Hostile CORS requests against a real server: an `Origin` of 64 KiB, origins that only look like
// the allowed one, a 64 KiB `Access-Control-Request-Headers` line, `Access-Control-Request-Method`s
// of odd case, lists, wildcards and garbage, each header repeated. Each is a refusal that grants no
// `Access-Control-Allow-*` header and echoes nothing, never a 500 or a stack, in linear time; the
// server still serves. (10,000 requested header names and `Origin: null`: hostile-cookies.test.ts.)
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { APP_ORIGIN, startBrowserApp, type BrowserServer } from './fixtures/browser-server.js';
import { medianMs, scalesLinearly } from './fixtures/linear-time.js';
import { exchange } from './fixtures/raw-http.js';

const test = suite<{ server: BrowserServer }>('hostile browser: CORS');

test.before(async (context) => {
  context.server = await startBrowserApp('cors');
});
test.after(async ({ server }) => server?.close());

/** One raw request; its status, lower-cased head and body, failing on a stack. */
async function send(port: number, method: string, target: string, headers: string): Promise<{ status: number; head: string; body: string }> {
  const { status, response } = await exchange(port, [`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`], { timeoutMs: 3000 });
  assert.not.match(response, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  const split = response.indexOf('\r\n\r\n');
  return { status, head: response.slice(0, split).toLowerCase(), body: response.slice(split + 4) };
}

/** One request through `app.fetch`, where no 16 KiB header cap stands. */
async function fetchIn(server: BrowserServer, method: string, headers: Record<string, string>): Promise<{ status: number; headers: Headers; body: string }> {
  const answer = await server.app.fetch(new Request('http://x/b/note', { method, headers }));
  const body = await answer.text();
  assert.not.match(body, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  return { status: answer.status, headers: answer.headers, body };
}

const granted = (headers: Headers) => [...headers.keys()].filter((name) => name.startsWith('access-control-allow-'));

test('an Origin of 64 KiB: 431 from the server; through app.fetch no grant, a 403 preflight, in linear time', async ({ server }) => {
  const huge = (length: number) => `https://${'a'.repeat(length)}.example`;
  assert.is((await send(server.port, 'GET', '/b/ping', `Origin: ${huge(64 * 1024)}\r\n`)).status, 431);
  const plain = await fetchIn(server, 'GET', { origin: huge(64 * 1024) });
  assert.is(plain.status, 405, 'GET /b/note: the table answers, granting nothing');
  assert.equal(granted(plain.headers), []);
  const preflight = (length: number) => () => fetchIn(server, 'OPTIONS', { origin: huge(length), 'access-control-request-method': 'POST' });
  const refused = await preflight(64 * 1024)();
  assert.is(refused.status, 403);
  assert.equal(granted(refused.headers), []);
  assert.match(refused.body, /origin is not allowed/);
  assert.not.match(refused.body, /aaaa/, 'the origin is not echoed');
  const verdict = scalesLinearly(await medianMs(preflight(6_400)), await medianMs(preflight(64_000)));
  assert.ok(verdict.ok, verdict.message);
});

test('origins that only look like the allowed one get nothing: case, trailing dot, default port, userinfo, a path, two of them', async ({ server }) => {
  const lookalikes = ['HTTPS://APP.EXAMPLE', 'https://app.example.', 'https://app.example:443', 'https://a@app.example', 'https://app.example/', `${APP_ORIGIN}, ${APP_ORIGIN}`, 'https://app.example.evil.test', 'http://app.example'];
  for (const origin of lookalikes) {
    const plain = await send(server.port, 'GET', '/b/ping', `Origin: ${origin}\r\n`);
    assert.is(plain.status, 200, origin);
    assert.not.match(plain.head, 'access-control-allow-', origin);
    assert.match(plain.head, 'vary: origin', origin);
    const preflight = await send(server.port, 'OPTIONS', '/b/note', `Origin: ${origin}\r\nAccess-Control-Request-Method: POST\r\n`);
    assert.is(preflight.status, 403, origin);
    assert.not.match(preflight.head, 'access-control-allow-', origin);
  }
  const real = await send(server.port, 'GET', '/b/ping', `Origin: ${APP_ORIGIN}\r\n`);
  assert.match(real.head, `access-control-allow-origin: ${APP_ORIGIN}`);
});

test('odd Access-Control-Request-Methods are refused with the reason, the method not echoed', async ({ server }) => {
  const odd = ['post', 'Post', '*', 'GET, POST', 'PROPFIND', 'CONNECT', 'TRACE', 'HEAD', 'P<script>', 'X'.repeat(8 * 1024)];
  for (const method of odd) {
    const answer = await send(server.port, 'OPTIONS', '/b/note', `Origin: ${APP_ORIGIN}\r\nAccess-Control-Request-Method: ${method}\r\n`);
    assert.is(answer.status, 403, method.slice(0, 20));
    assert.not.match(answer.head, 'access-control-allow-', method.slice(0, 20));
    assert.match(answer.body, /method/, method.slice(0, 20));
    // Neither a method's text nor the 8 KiB one of X's comes back in the reason.
    assert.not.match(answer.body, /script|XXXX|PROPFIND/, 'nothing echoed');
  }
  // Repeated: Node joins the two lines into a list, which is no method.
  const twice = await send(server.port, 'OPTIONS', '/b/note', `Origin: ${APP_ORIGIN}\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Method: POST\r\n`);
  assert.is(twice.status, 403);
  const allowed = await send(server.port, 'OPTIONS', '/b/note', `Origin: ${APP_ORIGIN}\r\nAccess-Control-Request-Method: POST\r\n`);
  assert.is(allowed.status, 204);
  assert.match(allowed.head, 'access-control-allow-methods: post, options');
});

test('an Access-Control-Request-Headers line of 64 KiB (one name, commas, blanks) is a 403 in linear time; repeated allowed lines pass', async ({ server }) => {
  const line = (kind: string, length: number) => (kind === 'name' ? 'x'.repeat(length) : kind === 'commas' ? ','.repeat(length) : `content-type${' '.repeat(length)},authorization`);
  for (const kind of ['name', 'commas', 'blanks']) {
    const preflight = (length: number) => () => fetchIn(server, 'OPTIONS', { origin: APP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': line(kind, length) });
    const refused = await preflight(64 * 1024)();
    assert.is(refused.status, 403, kind);
    assert.equal(granted(refused.headers), [], kind);
    assert.match(refused.body, /Access-Control-Request-Headers/, kind);
    const verdict = scalesLinearly(await medianMs(preflight(6_400)), await medianMs(preflight(64_000)));
    assert.ok(verdict.ok, `${kind}: ${verdict.message}`);
  }
  const over = await send(server.port, 'OPTIONS', '/b/note', `Origin: ${APP_ORIGIN}\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: ${'y'.repeat(12 * 1024)}\r\n`);
  assert.is(over.status, 403);
  const repeated = await send(server.port, 'OPTIONS', '/b/note', `Origin: ${APP_ORIGIN}\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\nAccess-Control-Request-Headers: Authorization\r\n`);
  assert.is(repeated.status, 204, 'two lines are one list of allowed names');
});

test('the server still serves after all of it, and logged nothing', async ({ server }) => {
  assert.is((await send(server.port, 'GET', '/b/ping', '')).status, 200);
  assert.equal(server.errors, []);
});

test.run();
