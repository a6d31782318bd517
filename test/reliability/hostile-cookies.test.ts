// Hostile cookies and CORS requests: forged, cut and oversized signatures on a signed cookie, Cookie
// headers of 64 KiB and 10,000 cookies (over raw sockets, where Node's 16 KiB cap answers 431, and
// through app.fetch, which has none), bad percent-encoding, preflights naming 10,000 headers,
// `Origin: null`. Each is a 4xx naming the problem or the plain answer, never a 500 or a stack,
// in time linear in its size. The JWT session cookie's forgeries are test/auth/jwt-session-cookie.test.ts's.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHostile, type HostileServer } from './fixtures/hostile-server.js';
import { medianMs, scalesLinearly } from './fixtures/linear-time.js';
import { exchange } from './fixtures/raw-http.js';

const APP = 'https://app.example';

/** Status, lower-cased head and body text of one raw request that closes its connection; fails on a stack. */
async function send(port: number, target: string, headers: string, method = 'GET'): Promise<{ status: number; head: string; text: string }> {
  const { status, response } = await exchange(port, [`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`], { timeoutMs: 5000 });
  assert.not.match(response, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  const split = response.indexOf('\r\n\r\n');
  return { status, head: response.slice(0, split).toLowerCase(), text: response.slice(split + 4) };
}

/** One request through `app.fetch`, with headers no Node server would let in. */
async function fetchIn(server: HostileServer, path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: Headers; text: string }> {
  const answer = await server.app.fetch(new Request(`http://x${path}`, { method, headers }));
  const text = await answer.text();
  assert.not.match(text, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  return { status: answer.status, headers: answer.headers, text };
}

async function unharmed(server: HostileServer): Promise<void> {
  assert.equal(server.errors, [], 'nothing logged');
  assert.is((await send(server.port, '/h/ping', '')).status, 200, 'the server still answers');
}

const cookies = suite<{ server: HostileServer }>('hostile cookies and CORS requests');

cookies.before(async (context) => {
  context.server = await startHostile('cookies');
});
cookies.after(async ({ server }) => server.close());

cookies('a signed cookie forged, cut, of no base64 length or 12 KiB long reads as absent, never a 500', async ({ server }) => {
  const login = await fetchIn(server, '/h/login', {}, 'POST');
  const signed = /session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  assert.equal(JSON.parse((await send(server.port, '/h/signed', `Cookie: session=${signed}\r\n`)).text), { user: 'user-42' }, 'a real one reads');
  const signature = signed.slice(signed.lastIndexOf('.') + 1);
  const forgeries = [
    `user-43.${signature}`,
    `user-42.${signature.slice(0, -1)}`,
    'user-42.A',
    'user-42.AAAAA',
    `user-42.${signature}A`,
    'user-42.',
    'user-42',
    `user-42.${'A'.repeat(12 * 1024)}`,
    `user-42.${signature.replaceAll(/[A-Za-z]/g, '%')}`,
  ];
  for (const forged of forgeries) {
    const { status, text } = await send(server.port, '/h/signed', `Cookie: session=${forged}\r\n`);
    assert.is(status, 200, forged.slice(0, 40));
    assert.equal(JSON.parse(text), { user: null }, forged.slice(0, 40));
  }
  await unharmed(server);
});

cookies('a Cookie header of 64 KiB or 10,000 cookies: 431 from Node, and the 431 naming the header where no cap stands', async ({ server }) => {
  const big = `theme=${'d'.repeat(64 * 1024)}`;
  const many = Array.from({ length: 10_000 }, (_, i) => `c${i}=v`).join('; ');
  for (const header of [big, many]) {
    assert.is((await send(server.port, '/h/cookie', `Cookie: ${header}\r\n`)).status, 431);
    const { status, text } = await fetchIn(server, '/h/cookie', { cookie: header });
    assert.is(status, 431);
    assert.match(text, /The Cookie header is over 16384 bytes/);
    // A route that reads no cookie answers as it would without one.
    assert.is((await fetchIn(server, '/h/ping', { cookie: header })).status, 200);
  }
  // Under the cap, the cookie asked for is found after 1,400 others, in linear time.
  const before = (count: number) => () => fetchIn(server, '/h/cookie', { cookie: `${Array.from({ length: count }, (_, i) => `c${i}=v`).join('; ')}; theme=dark` });
  assert.equal(JSON.parse((await before(1_400)()).text), { theme: 'dark' });
  const verdict = scalesLinearly(await medianMs(before(140)), await medianMs(before(1_400)));
  assert.ok(verdict.ok, verdict.message);
  await unharmed(server);
});

cookies('a value of bad percent-encoding is read as it was sent', async ({ server }) => {
  for (const value of ['%E2%8', '%ZZ%', '%', '%00%FF']) {
    const { status, text } = await send(server.port, '/h/cookie', `Cookie: theme=${value}\r\n`);
    assert.is(status, 200, value);
    assert.equal(JSON.parse(text), { theme: value }, value);
  }
  await unharmed(server);
});

cookies('a preflight naming 10,000 headers is a 403 saying which rule, in linear time; one naming 1,000 over a socket too', async ({ server }) => {
  const preflight = (count: number) => () =>
    fetchIn(server, '/h/json', { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': Array.from({ length: count }, () => 'content-type').join(',') }, 'OPTIONS');
  assert.is((await preflight(1)()).status, 204, 'one allowed header passes');
  const refused = await preflight(10_000)();
  assert.is(refused.status, 403);
  assert.match(refused.text, /Access-Control-Request-Headers/);
  assert.is(refused.headers.get('access-control-allow-origin'), null);
  const verdict = scalesLinearly(await medianMs(preflight(1_000)), await medianMs(preflight(10_000)));
  assert.ok(verdict.ok, verdict.message);
  const overSocket = await send(server.port, '/h/json', `Origin: ${APP}\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: ${Array.from({ length: 1000 }, (_, i) => `x-h${i}`).join(',')}\r\n`, 'OPTIONS');
  assert.is(overSocket.status, 403);
  assert.not.match(overSocket.head, 'access-control-allow-');
  await unharmed(server);
});

cookies('Origin: null (a sandboxed page, a file) is refused a preflight and granted nothing on a plain request', async ({ server }) => {
  const preflight = await send(server.port, '/h/json', 'Origin: null\r\nAccess-Control-Request-Method: POST\r\n', 'OPTIONS');
  assert.is(preflight.status, 403);
  assert.match(preflight.text, /origin is not allowed/);
  const plain = await send(server.port, '/h/ping', 'Origin: null\r\n');
  assert.is(plain.status, 200);
  assert.not.match(plain.head, 'access-control-allow-');
  assert.match(plain.head, 'vary: origin');
  await unharmed(server);
});

cookies.run();
