// Hostile session cookies, over raw sockets against real servers: a JWT session cookie with one
// character changed, cut, extended, signed with another key, expired (and replayed after logging
// in), `alg: none`, 4 KiB and 100 KiB long, after 1,000 other cookies, sent twice, quoted, with
// `;`, `,`, `%`, NUL or non-ASCII bytes; a signed cookie of the previous secret (rotation) and of
// another key; a value from the request written back as a cookie (CR LF, `;`, quotes: one line,
// encoded); a `__Host-` cookie written `Secure` even over plain HTTP, and kept by Chromium, which
// also shows the 4096-byte limit a longer cookie is refused at. Each is a plain 403 (or the cookie
// read as absent), never a stack, in time linear in its size.
import { createHmac } from 'node:crypto';
import { FrameworkApplication, JwtService, setCookieLine } from '@framework/core';
import { SignJWT } from 'jose';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchHeadlessChromium } from '../headless-chromium.js';
import { sessionTables } from '../auth/fixtures/session-app.js';
import { SECRET, tamperSignature, unsignedToken } from '../auth/fixtures/tokens.js';
import { startBrowserApp, type BrowserServer } from './fixtures/browser-server.js';
import { medianMs, scalesLinearly } from './fixtures/linear-time.js';
import { exchange } from './fixtures/raw-http.js';

const NEW_SECRET = 'the-new-cookie-secret-of-32-bytes-at-least';
const OLD_SECRET = 'the-old-cookie-secret-of-32-bytes-at-least';

interface Context {
  session: FrameworkApplication;
  port: number;
  token: string;
  browserApp: BrowserServer;
}

const test = suite<Context>('hostile browser: session cookies');

test.before(async (context) => {
  const tables = sessionTables({ secret: SECRET, cookie: 'session' });
  context.session = await new FrameworkApplication(tables, { logger: { log: () => undefined, warn: () => undefined, error: () => undefined } }).init(tables.rootModule);
  context.port = await context.session.listen(0, '127.0.0.1');
  context.token = await context.session.get<JwtService>(JwtService).sign({ sub: 'alice' });
  context.browserApp = await startBrowserApp('sessions', { cookies: { secrets: [NEW_SECRET, OLD_SECRET] } });
});
test.after(async ({ session, browserApp }) => {
  await session?.close();
  await browserApp?.close();
});

/** GET `target` with `cookie` (raw bytes, UTF-8 encoded); its status and body, failing on a stack. */
async function get(port: number, target: string, cookie: string): Promise<{ status: number; body: string }> {
  const request = Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: ${cookie}\r\n\r\n`, 'utf8').toString('latin1');
  const { status, response } = await exchange(port, [request], { timeoutMs: 3000 });
  assert.not.match(response, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  return { status, body: response.slice(response.indexOf('\r\n\r\n') + 4) };
}

const signWith = (secret: string, payload: Record<string, unknown>, expires: number | string = '1h') =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expires).sign(new TextEncoder().encode(secret));

test('a tampered session cookie is a plain 403, and the real one still logs in', async ({ port, token }) => {
  const payloadAt = token.indexOf('.') + 5;
  const swapped = (at: number) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
  const forged: Record<string, string> = {
    'one character of the signature': tamperSignature(token),
    'one character of the claims': swapped(payloadAt),
    cut: token.slice(0, -6),
    extended: `${token}AAAA`,
    'another key': await signWith('another-secret-of-at-least-thirty-two-bytes', { sub: 'alice' }),
    'expired, replayed': await signWith(SECRET, { sub: 'alice' }, Math.floor(Date.now() / 1000) - 60),
    'alg: none': unsignedToken({ sub: 'alice', exp: Math.floor(Date.now() / 1000) + 3600 }),
    '4 KiB long': `${token}${'A'.repeat(4096)}`,
    quoted: `"${token}"`,
    'with a comma': `${token},x`,
    'percent-encoded badly': `%${token}`,
    'with non-ASCII': `${token}é`,
    'with NUL': `${token}%00`,
  };
  for (const [label, value] of Object.entries(forged)) {
    const { status, body } = await get(port, '/session/me', `session=${value}`);
    assert.is(status, 403, label);
    assert.match(body, /"message":"Forbidden"/, label);
  }
  assert.is((await get(port, '/session/me', `session=${token}`)).status, 200);
  // The value is percent-decoded as RFC 6265 parsers do; a `;` ends it.
  assert.is((await get(port, '/session/me', `session=${encodeURIComponent(token)}`)).status, 200, 'percent-encoded');
  assert.is((await get(port, '/session/me', `session=${token};x`)).status, 200, 'followed by a pair without =');
});

test('a session cookie that logged in, replayed once it has expired, is refused (the verified-token cache checks exp again)', async ({ port }) => {
  const exp = Math.floor(Date.now() / 1000) + 1;
  const token = await signWith(SECRET, { sub: 'alice' }, exp);
  assert.is((await get(port, '/session/me', `session=${token}`)).status, 200, 'valid: verified, and kept');
  await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
  assert.is((await get(port, '/session/me', `session=${token}`)).status, 403, 'expired');
});

test('the same name twice: the first counts (the most specific path, then the oldest, as browsers order them)', async ({ port, token }) => {
  const other = await signWith('another-secret-of-at-least-thirty-two-bytes', { sub: 'mallory' });
  const first = await get(port, '/session/me', `session=${token}; session=${other}`);
  assert.is(first.status, 200);
  assert.match(first.body, /"sub":"alice"/);
  // A cookie tossed in before it (a sibling subdomain's, with a longer path) is not merged or preferred by claim: it fails alone.
  const tossed = await get(port, '/session/me', `session=${other}; session=${token}`);
  assert.is(tossed.status, 403);
  assert.not.match(tossed.body, /mallory/);
});

test('oversized: 100 KiB is a 431 from the server, and not read through app.fetch; 1,000 cookies before it in linear time', async (context) => {
  const { port, token, session } = context;
  assert.is((await get(port, '/session/me', `session=${token}${'A'.repeat(100 * 1024)}`)).status, 431);
  for (const cookie of [`session=${token}${'A'.repeat(100 * 1024)}`, `pad=${'x'.repeat(100 * 1024)}; session=${token}`]) {
    const answer = await session.fetch(new Request('http://x/session/me', { headers: { cookie } }));
    assert.is(answer.status, 403, 'a Cookie header over 8 KiB is not read');
    assert.not.match(await answer.text(), /\bat \S+ \(/);
  }
  const many = (count: number) => `${Array.from({ length: count }, (_, i) => `c${i}=v`).join('; ')}; session=${token}`;
  assert.is((await get(port, '/session/me', many(1_000))).status, 200, 'found after 1,000 others (8 KB)');
  const verdict = scalesLinearly(await medianMs(() => get(port, '/session/me', many(100))), await medianMs(() => get(port, '/session/me', many(1_000))));
  assert.ok(verdict.ok, verdict.message);
});

test('a __Host- or __Secure- name sent over plain HTTP is only a name: it does not stand in for the session cookie', async ({ port, token }) => {
  for (const name of ['__Host-session', '__Secure-session', 'Session', 'xsession']) {
    assert.is((await get(port, '/session/me', `${name}=${token}`)).status, 403, name);
  }
});

test('@Cookie reads a name sent twice as its first, a value as sent (quotes, commas, tabs); a control byte is the parser\'s 400', async ({ browserApp }) => {
  const read = async (cookie: string) => {
    const { status, body } = await get(browserApp.port, '/b/whoami', cookie);
    return status === 200 ? (JSON.parse(body) as { sid: string | null }).sid : status;
  };
  assert.is(await read('__Host-sid=first; __Host-sid=second'), 'first');
  assert.is(await read('__Host-sid="quoted"'), '"quoted"');
  assert.is(await read('__Host-sid=a,b'), 'a,b');
  assert.is(await read('__Host-sid=a\tb'), 'a\tb');
  assert.is(await read('__host-sid=lower-case'), null, 'names are case-sensitive');
  for (const control of ['\u0000', '\u0001', '\u007f']) assert.is(await read(`__Host-sid=a${control}b`), 400, JSON.stringify(control));
  assert.equal(browserApp.errors, []);
});

const hmac = (secret: string, value: string) => `${value}.${createHmac('sha256', secret).update(value).digest('base64url')}`;

test("a signed cookie of the previous secret reads (rotation); another key's, or one moved to another value, reads as absent", async ({ browserApp }) => {
  const read = async (cookie: string) => JSON.parse((await get(browserApp.port, '/b/signed', cookie)).body) as { sid: string | null };
  assert.equal(await read(`sid=${hmac(NEW_SECRET, 'user-42')}`), { sid: 'user-42' });
  assert.equal(await read(`sid=${hmac(OLD_SECRET, 'user-42')}`), { sid: 'user-42' }, 'the old secret still verifies');
  const signature = hmac(NEW_SECRET, 'user-42').split('.')[1];
  for (const forged of [hmac('another-secret-of-at-least-thirty-two-bytes', 'user-42'), `user-43.${signature}`, `user-42.x.${signature}`, `${hmac(NEW_SECRET, 'user-42')}.${signature}`]) {
    assert.equal(await read(`sid=${forged}`), { sid: null }, forged);
  }
  // A value holding the separator, signed: the signature is the last part, the value all before it.
  assert.equal(await read(`sid=${encodeURIComponent(hmac(NEW_SECRET, 'a.b;c,"d'))}`), { sid: 'a.b;c,"d' });
  assert.equal(browserApp.errors, []);
});

test('a value from the request written back as a cookie stays one encoded Set-Cookie line', async ({ browserApp }) => {
  for (const value of ['a%0D%0ASet-Cookie:%20admin=1', 'a%0ASet-Cookie:%20admin=1', 'a;%20Domain=evil.test;%20Path=/x', '%22q%22,x', '%00', '%C3%A9']) {
    const { status, response } = await exchange(browserApp.port, [`GET /b/theme?value=${value} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`], { timeoutMs: 3000 });
    assert.is(status, 200, value);
    const lines = response.split('\r\n').filter((line) => /^set-cookie:/i.test(line));
    assert.equal(lines, [`set-cookie: theme=${encodeURIComponent(decodeURIComponent(value))}; Path=/; HttpOnly; SameSite=Lax`], value);
  }
  assert.equal(browserApp.errors, []);
});

test('a __Host- or __Secure- cookie is written Secure over plain HTTP; options contradicting its prefix are refused', () => {
  assert.match(setCookieLine('__Host-sid', 'v', undefined, false), /^__Host-sid=v; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  assert.match(setCookieLine('__secure-sid', 'v', { path: '/app' }, false), /; Secure;/);
  assert.not.match(setCookieLine('sid', 'v', undefined, false), /Secure/);
  assert.throws(() => setCookieLine('__Host-sid', 'v', { domain: 'example.com' }, false), /a __Host- cookie has Path=\/ and no Domain/);
  assert.throws(() => setCookieLine('__Host-sid', 'v', { path: '/app' }, false), /a __Host- cookie has Path=\/ and no Domain/);
  assert.throws(() => setCookieLine('__Secure-sid', 'v', { secure: false }, true), /must be Secure/);
  assert.match(setCookieLine('t', 'a'.repeat(4095), undefined, false), /^t=a{4095};/);
  assert.throws(() => setCookieLine('t', 'a'.repeat(4096), undefined, false), /4097 bytes, and browsers drop a cookie over 4096/);
  assert.throws(() => setCookieLine('t', '%'.repeat(1400), undefined, false), /4201 bytes/, 'counted encoded');
});

test('Chromium keeps a __Host- cookie set by the application over plain HTTP on loopback, and sends it back', async ({ browserApp }) => {
  const browser = await launchHeadlessChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${browserApp.base}/b/ping`);
    const seen = await page.evaluate(async () => {
      const login = await fetch('/b/login', { method: 'POST' });
      return { login: login.status, whoami: await (await fetch('/b/whoami')).json() };
    });
    assert.equal(seen, { login: 204, whoami: { sid: 'user-42' } });
    const [cookie] = await browser.cookies();
    assert.equal({ name: cookie?.name, secure: cookie?.secure, httpOnly: cookie?.httpOnly }, { name: '__Host-sid', secure: true, httpOnly: true });
    // The limit setCookie refuses at is the browser's: 4096 bytes of name and value are kept, not one more.
    // (Chromium drops 4097 bytes without a word: 'theme' and 4092 bytes never reach it, refused here instead.)
    const statuses = await page.evaluate(async () => [(await fetch(`/b/theme?value=${'a'.repeat(4091)}`)).status, (await fetch(`/b/theme?value=${'b'.repeat(4092)}`)).status]);
    assert.equal(statuses, [200, 500]);
    assert.is((await browser.cookies()).find((each) => each.name === 'theme')?.value, 'a'.repeat(4091));
    assert.is(browserApp.errors.length, 1);
    assert.match(browserApp.errors.pop()!, /Cookie theme: its name and encoded value are 4097 bytes/);
  } finally {
    await browser.close();
  }
});

test('the servers still serve after all of it', async ({ port, token, browserApp }) => {
  assert.is((await get(port, '/session/me', `session=${token}`)).status, 200);
  assert.is((await get(browserApp.port, '/b/ping', '')).status, 200);
});

test.run();
