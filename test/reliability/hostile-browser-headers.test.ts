// The security headers on every kind of answer, over raw sockets: a route's, the table's 404, 405
// and OPTIONS, the body limit's 413 (answered before any call exists), a handler's 500, HEAD, a
// static file and its 404, an event stream, a handler's own `Response`; each header once, the
// handler's own value kept when it sets one (in any case), and its own `Vary` joined to CORS's.
// A repeated or folded `Origin` grants nothing. No stack in any answer; the server still serves.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { APP_ORIGIN, startBrowserApp, type BrowserServer } from './fixtures/browser-server.js';
import { exchange } from './fixtures/raw-http.js';

interface Answer {
  status: number;
  /** Each header's values, by lower-cased name, in the order sent. */
  headers: Map<string, string[]>;
  body: string;
}

/** One raw request on its own connection; fails on a stack in the answer. */
async function send(port: number, method: string, target: string, headers = '', body = ''): Promise<Answer> {
  const { status, response } = await exchange(port, [`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n${body}`], { timeoutMs: 3000 });
  assert.not.match(response, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  const split = response.indexOf('\r\n\r\n');
  const map = new Map<string, string[]>();
  for (const line of response.slice(0, split).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    map.set(name, [...(map.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { status, headers: map, body: response.slice(split + 4) };
}

/** Asserts each header is sent exactly once, with `value` when one is given. */
function once(answer: Answer, expected: Record<string, string | undefined>, label: string): void {
  for (const [name, value] of Object.entries(expected)) {
    const values = answer.headers.get(name) ?? [];
    assert.is(values.length, 1, `${label}: ${name} sent once (got ${JSON.stringify(values)})`);
    if (value !== undefined) assert.is(values[0], value, `${label}: ${name}`);
  }
}

const EVERY = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' };
const PAGE = { ...EVERY, 'referrer-policy': 'no-referrer', 'cross-origin-opener-policy': 'same-origin', 'content-security-policy': undefined };

const test = suite<{ server: BrowserServer }>('hostile browser: security headers on every answer');

test.before(async (context) => {
  context.server = await startBrowserApp('headers');
});
test.after(async ({ server }) => server?.close());

test('every kind of answer carries the security headers, each once', async ({ server }) => {
  const { port } = server;
  const json = 'Content-Type: application/json\r\n';
  const cases: [string, number, Record<string, string | undefined>, () => Promise<Answer>][] = [
    ['a route', 200, EVERY, () => send(port, 'GET', '/b/ping')],
    ['HEAD', 200, EVERY, () => send(port, 'HEAD', '/b/ping')],
    ['no route (404)', 404, PAGE, () => send(port, 'GET', '/nope')],
    ['a method the path lacks (405)', 405, PAGE, () => send(port, 'DELETE', '/b/ping')],
    ['OPTIONS without a preflight', 204, PAGE, () => send(port, 'OPTIONS', '/b/ping')],
    ['a declared body over the limit (413)', 413, EVERY, () => send(port, 'POST', '/b/note', `${json}Content-Length: 5000\r\n`)],
    ['a chunked body over the limit (413)', 413, EVERY, () => send(port, 'POST', '/b/note', `${json}Transfer-Encoding: chunked\r\n`, `800\r\n${'x'.repeat(0x800)}\r\n0\r\n\r\n`)],
    ['an invalid body (400)', 400, EVERY, () => send(port, 'POST', '/b/note', `${json}Content-Length: 2\r\n`, '{}')],
    ["a handler's bug (500)", 500, EVERY, () => send(port, 'GET', '/b/boom')],
    ['a static file', 200, PAGE, () => send(port, 'GET', '/static/hello.txt')],
    ['a static file that is not there', 404, PAGE, () => send(port, 'GET', '/static/nope.txt')],
    ['an event stream', 200, PAGE, () => send(port, 'GET', '/b/events')],
  ];
  for (const [label, status, headers, request] of cases) {
    const answer = await request();
    assert.is(answer.status, status, label);
    once(answer, headers, label);
  }
  assert.equal(server.errors, [], 'nothing logged');
});

test('the 413 of a body over the limit carries CORS for an allowed origin, so the page can read why', async ({ server }) => {
  const answer = await send(server.port, 'POST', '/b/note', `Origin: ${APP_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n`);
  assert.is(answer.status, 413);
  once(answer, { 'access-control-allow-origin': APP_ORIGIN, 'access-control-allow-credentials': 'true', vary: 'Origin', connection: 'close' }, '413');
  assert.match(answer.body, /over the limit|1024/);
  // The same through app.fetch, with a body of no declared length.
  const fetched = await server.app.fetch(
    new Request('http://x/b/note', { method: 'POST', headers: { origin: APP_ORIGIN, 'content-type': 'application/json' }, body: new Blob(['x'.repeat(5000)]).stream(), duplex: 'half' } as RequestInit),
  );
  assert.is(fetched.status, 413);
  assert.is(fetched.headers.get('access-control-allow-origin'), APP_ORIGIN);
  assert.is(fetched.headers.get('x-content-type-options'), 'nosniff');
  await fetched.arrayBuffer();
});

test("a header the handler sets itself is sent once, with the handler's value, whatever its case", async ({ server }) => {
  const declared = await send(server.port, 'GET', '/b/own');
  once(declared, { 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff' }, '@SetHeader');
  const dynamic = await send(server.port, 'GET', '/b/own-dynamic');
  once(dynamic, { 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' }, 'setHeader in another case');
  const page = await send(server.port, 'GET', '/b/page');
  once(page, { ...PAGE, 'x-frame-options': 'DENY' }, "a handler's Response");
});

test("a handler's own Vary (set, or on its Response) keeps CORS's Vary: Origin beside it, on both adapters", async ({ server }) => {
  for (const path of ['/b/vary', '/b/vary-page']) {
    for (const origin of [APP_ORIGIN, 'https://evil.test']) {
      const served = await send(server.port, 'GET', path, `Origin: ${origin}\r\n`);
      once(served, { vary: undefined }, `${path} from ${origin}`);
      const names = served.headers.get('vary')![0]!.split(',').map((name) => name.trim().toLowerCase());
      assert.equal(names.sort(), ['accept-language', 'origin'], `${path} from ${origin}`);
      const fetched = await server.app.fetch(new Request(`http://x${path}`, { headers: { origin } }));
      assert.is(fetched.headers.get('vary'), served.headers.get('vary')![0], `${path} through app.fetch`);
      assert.is(fetched.headers.get('access-control-allow-origin'), origin === APP_ORIGIN ? APP_ORIGIN : null);
      await fetched.arrayBuffer();
    }
  }
});

test('a repeated, folded or split Origin grants nothing and breaks nothing', async ({ server }) => {
  const repeated = await send(server.port, 'GET', '/b/ping', `Origin: ${APP_ORIGIN}\r\nOrigin: https://evil.test\r\n`);
  assert.is(repeated.status, 200);
  assert.is(repeated.headers.get('access-control-allow-origin'), undefined, 'two origins are no origin');
  once(repeated, { vary: 'Origin', ...EVERY }, 'repeated Origin');
  const preflight = await send(server.port, 'OPTIONS', '/b/note', `Origin: ${APP_ORIGIN}\r\nOrigin: ${APP_ORIGIN}\r\nAccess-Control-Request-Method: POST\r\n`);
  assert.is(preflight.status, 403, 'a preflight with two origins');
  // A line folded into the Origin (obs-fold) or a bare CR in it is refused by the HTTP parser.
  for (const header of [`Origin: ${APP_ORIGIN}\r\n Set-Cookie: a=b\r\n`, `Origin: ${APP_ORIGIN}\rSet-Cookie: a=b\r\n`]) {
    const answer = await send(server.port, 'GET', '/b/ping', header);
    assert.is(answer.status, 400, JSON.stringify(header));
    assert.is(answer.headers.get('set-cookie'), undefined);
  }
  assert.is((await send(server.port, 'GET', '/b/ping')).status, 200, 'the server still answers');
  assert.equal(server.errors, [], 'nothing logged');
});

test.run();
