// @Cookie parameters and the context's answer side (setCookie, setSignedCookie, clearCookie,
// setHeader, redirect), end to end: compiled by framework-build, type-checked, served on port 0.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cookiesOf, HttpException } from '@framework/core';
import { buildFixture, startFixture, typeErrors, type RunningApp } from '../compiler/app-fixture.js';

const NAME = 'cookies-and-answers';
const SECRETS = ['a-new-secret-that-is-32-bytes-long!!', 'an-old-secret-that-is-32-bytes-long!'];
let running: RunningApp;

test.before(async () => {
  const result = await buildFixture(NAME);
  assert.equal(result.diagnostics, []);
  running = await startFixture(NAME, { cookies: { secrets: SECRETS } });
});
test.after(async () => running?.close());

const get = async (path: string, cookie?: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(`${running.base}${path}`, cookie === undefined ? {} : { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

test('the generated tables type-check under strict tsc', () => {
  assert.equal(typeErrors(NAME), []);
});

test('cookies arrive converted to their declared types; absent optional ones are undefined, defaults apply', async () => {
  assert.equal((await get('/c/typed')).body, { theme: 'light', size: null, beta: null, since: null, plan: null });
  const all = await get('/c/typed', 'theme=dark; size=25; beta=1; since=2026-11-29; plan=pro; other=x');
  assert.equal(all.body, { theme: 'dark', size: 25, beta: true, since: '2026-11-29T00:00:00.000Z', plan: 'pro' });
  // Percent-encoded values are decoded (as the `cookie` package does for RFC 6265 values).
  assert.equal((await get('/c/required', 'sid=a%20b')).body, { sid: 'a b' });
});

test('a cookie that does not convert, or a required one missing, is a 400 naming the cookie', async () => {
  const refused = async (path: string, cookie: string | undefined, parameter: string, message: string) => {
    const { status, body } = await get(path, cookie);
    assert.is(status, 400, `${path} ${cookie}`);
    assert.equal(body, { status: 400, name: 'InvalidParameterException', message, parameter, in: 'cookie' });
  };
  await refused('/c/typed', 'size=big', 'size', "Cookie 'size' must be a number, got 'big'");
  await refused('/c/typed', 'theme=blue', 'theme', "Cookie 'theme' must be one of 'light', 'dark', got 'blue'");
  await refused('/c/typed', 'plan=gold', 'plan', "Cookie 'plan' must be one of 'free', 'pro', got 'gold'");
  await refused('/c/required', undefined, 'sid', "Cookie 'sid' is required");
  await refused('/c/required', 'other=1', 'sid', "Cookie 'sid' is required");
  await refused('/c/piped', 'n=1.5', 'n', "Cookie 'n' must be an integer, got '1.5'");
  assert.equal((await get('/c/piped', 'n=7')).body, { n: 7 });
});

test('a malformed Cookie header is read as far as it parses; an oversized one is a 431, never a 500', async () => {
  assert.equal((await get('/c/required', 'garbage; ;; =; sid=ok; sid=second')).body, { sid: 'ok' });
  assert.equal((await get('/c/required', 'sid=%E0%A4%A')).body, { sid: '%E0%A4%A' }, 'a value that does not decode is kept as sent');
  const big = await fetch(`${running.base}/c/required`, { headers: { cookie: `sid=1; pad=${'x'.repeat(17 * 1024)}` } });
  // Node's own header limit (16 KiB in all) may refuse it first, with its own empty 431.
  assert.is(big.status, 431);
});

test('the Cookie reader refuses an oversized header with a 431 on any host, and parses a header once per call', () => {
  const call: { header(name: string): string | undefined; parsedCookies?: Readonly<Record<string, string | undefined>> } = { header: () => `a=${'x'.repeat(17 * 1024)}` };
  try {
    cookiesOf(call);
    assert.unreachable('an oversized Cookie header must be refused');
  } catch (error) {
    assert.ok(error instanceof HttpException);
    assert.is(error.status, 431);
  }
  let reads = 0;
  const once = { header: () => (reads++, 'a=1; b=2') };
  assert.is(cookiesOf(once).a, '1');
  assert.is(cookiesOf(once).b, '2');
  assert.is(reads, 1);
});

test('setSignedCookie and setCookie answer with safe defaults; a signed cookie reads back, a forged one reads as absent', async () => {
  const login = await fetch(`${running.base}/c/login`, { method: 'POST' });
  assert.is(login.status, 204);
  const lines = login.headers.getSetCookie();
  assert.is(lines.length, 2);
  const session = lines.find((line) => line.startsWith('session='))!;
  assert.match(session, /^session=user-42\.[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
  assert.is(lines.find((line) => line.startsWith('theme=')), 'theme=dark; Path=/; SameSite=Lax');
  const pair = session.split(';')[0]!;
  assert.equal((await get('/c/signed', pair)).body, { user: 'user-42' });
  assert.equal((await get('/c/signed', pair.replace('user-42', 'user-43'))).body, { user: null }, 'a changed value fails its signature');
  assert.equal((await get('/c/signed', 'session=user-42')).body, { user: null }, 'an unsigned value reads as absent');
  assert.equal((await get('/c/signed', 'session=user-42.AAAA')).body, { user: null });
});

test('rotation: a cookie signed by an older secret still verifies while that secret is listed', async () => {
  const old = await startFixture(NAME, { cookies: { secrets: [SECRETS[1]!] } });
  try {
    const pair = (await fetch(`${old.base}/c/login`, { method: 'POST' })).headers.getSetCookie()[0]!.split(';')[0]!;
    assert.equal((await get('/c/signed', pair)).body, { user: 'user-42' });
  } finally {
    await old.close();
  }
  const other = await startFixture(NAME, { cookies: { secrets: ['a-third-secret-nobody-has-listed-yet!'] } });
  try {
    const pair = (await fetch(`${other.base}/c/login`, { method: 'POST' })).headers.getSetCookie()[0]!.split(';')[0]!;
    assert.equal((await get('/c/signed', pair)).body, { user: null });
  } finally {
    await other.close();
  }
});

test('clearCookie expires the cookie; redirect answers 3xx with Location and the headers set beside it', async () => {
  const logout = await fetch(`${running.base}/c/login`, { method: 'DELETE' });
  assert.is(logout.status, 204);
  assert.equal(logout.headers.getSetCookie(), ['session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax']);
  const go = await fetch(`${running.base}/c/go`, { redirect: 'manual' });
  assert.is(go.status, 303);
  assert.is(go.headers.get('location'), '/c/typed');
  assert.is(go.headers.get('cache-control'), 'no-store');
  assert.is(await go.text(), '');
});

test('a guard sets a cookie through its context; over a trusted proxy that says https, cookies are Secure', async () => {
  const guarded = await fetch(`${running.base}/c/guarded`);
  assert.equal(guarded.headers.getSetCookie(), ['visited=yes; Path=/; HttpOnly; SameSite=Strict']);
  // The test's loopback peer is a trusted proxy by default (`cookies.trustProxy`).
  const proxied = await fetch(`${running.base}/c/guarded`, { headers: { 'x-forwarded-proto': 'https, http' } });
  assert.equal(proxied.headers.getSetCookie(), ['visited=yes; Path=/; HttpOnly; Secure; SameSite=Strict']);
  const untrusted = await startFixture(NAME, { cookies: { trustProxy: false } });
  try {
    const direct = await fetch(`${untrusted.base}/c/guarded`, { headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(direct.headers.getSetCookie(), ['visited=yes; Path=/; HttpOnly; SameSite=Strict'], 'a proxy not trusted is not believed');
  } finally {
    await untrusted.close();
  }
});

test('setHeader of a header the framework owns is refused (a 500 from the handler, the answer intact)', async () => {
  const response = await fetch(`${running.base}/c/owned`);
  assert.is(response.status, 500);
  assert.is((await response.json() as { name: string }).name, 'InternalServerErrorException');
});

test('secrets shorter than 32 bytes are refused at construction', async () => {
  try {
    await startFixture(NAME, { cookies: { secrets: ['short'] } });
    assert.unreachable('a short secret must be refused');
  } catch (error) {
    assert.match(String(error), /cookies\.secrets\[0\] must be a string of at least 32 bytes/);
  }
});

test.run();
