// JwtAuthGuard reading its token from a session cookie (`JwtModule.forRoot({ cookie })`) over a
// real server: the cookie logs in, and an unsafe method authenticated by it is refused unless it
// comes from the application's own origin or an allowed one (CSRF); the header is unaffected.
import http from 'node:http';
import { FrameworkApplication, JwtConfig, JwtService } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { recordingLogger } from './fixtures/jwt-app.js';
import { sessionTables } from './fixtures/session-app.js';
import { SECRET } from './fixtures/tokens.js';

interface Context {
  app: FrameworkApplication;
  base: string;
  token: string;
}

const test = suite<Context>('JwtAuthGuard with a session cookie');
const allowed = 'http://localhost:5173';

test.before(async (context) => {
  const tables = sessionTables({ secret: SECRET, cookie: { name: 'session', origins: [allowed] } });
  context.app = await new FrameworkApplication(tables, { logger: recordingLogger() }).init(tables.rootModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0, '127.0.0.1')}`;
  context.token = await context.app.get<JwtService>(JwtService).sign({ sub: 'alice' });
});
test.after(async ({ app }) => {
  await app?.close();
});

const call = (base: string, method: string, headers: Record<string, string>) => fetch(`${base}/session/me`, { method, headers });
const subjectOf = async (response: Response) => ((await response.json()) as { claims: { sub: string } }).claims.sub;

test('the session cookie logs in: GET with it is let through, with its claims', async ({ base, token }) => {
  const response = await call(base, 'GET', { cookie: `theme=dark; session=${token}` });
  assert.is(response.status, 200);
  assert.is(await subjectOf(response), 'alice');
});

test('no cookie, another cookie, an empty or a forged one: a plain 403', async ({ base, token }) => {
  for (const cookie of [undefined, 'sessionx=abc', 'session=', `session=${token.slice(0, -2)}xx`]) {
    const response = await call(base, 'GET', cookie === undefined ? {} : { cookie });
    assert.is(response.status, 403, String(cookie));
    assert.equal(await response.json(), { status: 403, name: 'ForbiddenException', message: 'Forbidden' });
  }
});

test('a POST with the cookie from the application origin, or an allowed one, is let through', async ({ base, token }) => {
  for (const origin of [base, allowed]) {
    const response = await call(base, 'POST', { cookie: `session=${token}`, origin });
    assert.is(response.status, 200, origin);
  }
  const sameOrigin = await call(base, 'POST', { cookie: `session=${token}`, 'sec-fetch-site': 'same-origin' });
  assert.is(sameOrigin.status, 200, 'without Origin, Sec-Fetch-Site: same-origin passes');
});

test('a POST, PUT or DELETE with the cookie from another site is refused 403 with the reason (CSRF)', async ({ base, token }) => {
  const cases: Record<string, string>[] = [
    { origin: 'http://evil.test' },
    { origin: 'null' },
    { origin: `${allowed}.evil.test` },
    { origin: 'garbage x' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    {},
  ];
  for (const headers of cases) {
    const response = await call(base, 'POST', { cookie: `session=${token}`, ...headers });
    assert.is(response.status, 403, JSON.stringify(headers));
    const body = (await response.json()) as { message: string };
    assert.match(body.message, /authenticated by a cookie but comes from another site/);
    assert.not.match(body.message, /evil/, 'the origin is not echoed');
  }
});

test('a WebSocket upgrade request with the cookie is checked as an unsafe one (cross-site WebSocket hijacking)', async ({ base, token }) => {
  // fetch may not send `Upgrade`; node:http may (without `Connection: upgrade` it stays a plain request).
  const upgrade = (origin: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${base}/session/me`, { headers: { cookie: `session=${token}`, upgrade: 'websocket', origin } }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      request.on('error', reject);
    });
  assert.is(await upgrade('http://evil.test'), 403);
  assert.is(await upgrade(base), 200);
});

test('a request authenticated by the header is unaffected by its origin', async ({ base, token }) => {
  const response = await call(base, 'POST', { authorization: `Bearer ${token}`, origin: 'http://evil.test', cookie: 'session=whatever' });
  assert.is(response.status, 200);
  assert.is(await subjectOf(response), 'alice');
});

test('a malformed or oversized Cookie header is a plain refusal, never a 500', async ({ app, base, token }) => {
  const malformed = ['session', '=;;; ;=', 'session=%E0%A4%A', `session="${token}`, 'a=b; session', 'x=x; session=not.a.jwt'];
  for (const cookie of malformed) {
    const response = await call(base, 'GET', { cookie });
    assert.is(response.status, 403, cookie);
  }
  // Node refuses headers over 16 KiB itself (431); app.fetch has no such bound of its own.
  const oversized = await app.fetch(new Request('http://localhost/session/me', { headers: { cookie: `pad=${'x'.repeat(16 * 1024)}; session=${token}` } }));
  assert.is(oversized.status, 403, 'a Cookie header over 16 KiB is not read');
});

test("a site's other cookies may take up to 16 KiB (Node's own header limit): the session is still read", async ({ base, token }) => {
  // Analytics and consent cookies of a large site: 10 KiB of them before the session.
  const others = Array.from({ length: 10 }, (_, i) => `tag${i}=${'v'.repeat(1000)}`).join('; ');
  const response = await call(base, 'GET', { cookie: `${others}; session=${token}` });
  assert.is(response.status, 200);
  assert.is(await subjectOf(response), 'alice');
});

test('a wrong cookie setting is a start-up error naming the fix', () => {
  assert.throws(() => new JwtConfig({ secret: SECRET, cookie: 'my session' }), /cookie must be a cookie name such as 'session'/);
  assert.throws(() => new JwtConfig({ secret: SECRET, cookie: { name: 'session', origins: '*' } }), /cookie.origins cannot be '\*'/);
  assert.throws(() => new JwtConfig({ secret: SECRET, cookie: { name: 'session', origins: ['http://app.test/'] } }), /is not an origin/);
});

test.run();
