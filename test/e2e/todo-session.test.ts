// The example's browser login, in process over a real socket: POST /auth/session sets an HttpOnly
// session cookie, guarded routes accept it (or the bearer header), an unsafe request with it from
// another site is refused, DELETE /auth/session clears it; security headers and CORS_ORIGINS.
import type { FrameworkApplication } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';
const spa = 'http://localhost:5173';
process.env.CORS_ORIGINS = ` ${spa}, https://app.example.com `;

interface Context {
  app: FrameworkApplication;
  base: string;
  cookie: string;
}

const test = suite<Context>('the example: session cookie');

test.before(async (context) => {
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  context.app = app;
  context.base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
});
test.after(async ({ app }) => {
  await app?.close();
});

const demo = JSON.stringify({ username: 'demo', password: 'demo' });

test('POST /auth/session answers 204 with an HttpOnly, SameSite=Lax session cookie for the whole site', async (context) => {
  const response = await fetch(`${context.base}/auth/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: demo });
  assert.is(response.status, 204);
  const cookie = response.headers.get('set-cookie') ?? '';
  assert.match(cookie, /^session=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
  context.cookie = cookie.split(';')[0]!;
  const wrong = await fetch(`${context.base}/auth/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'nope' }) });
  assert.is(wrong.status, 401);
  assert.is(wrong.headers.get('set-cookie'), null);
});

test('guarded routes accept the session cookie as they accept the bearer header', async ({ base, cookie }) => {
  const withCookie = await fetch(`${base}/todo`, { headers: { cookie } });
  assert.is(withCookie.status, 200);
  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: demo });
  const { access_token } = (await login.json()) as { access_token: string };
  const withHeader = await fetch(`${base}/todo`, { headers: { authorization: `Bearer ${access_token}` } });
  assert.is(withHeader.status, 200);
  assert.is((await fetch(`${base}/todo`)).status, 403);
});

test('an unsafe request with the cookie is let through from the app or a CORS_ORIGINS origin, refused from another site', async ({ base, cookie }) => {
  const create = (origin: string) =>
    fetch(`${base}/todo`, { method: 'POST', headers: { cookie, origin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'from a page', priority: 1, colorLabel: '#ff8800' }) });
  for (const origin of [base, spa, 'https://app.example.com']) assert.is((await create(origin)).status, 200, origin);
  const forged = await create('http://evil.test');
  assert.is(forged.status, 403);
  assert.match(((await forged.json()) as { message: string }).message, /authenticated by a cookie but comes from another site/);
});

test('DELETE /auth/session clears the cookie', async ({ base }) => {
  const response = await fetch(`${base}/auth/session`, { method: 'DELETE' });
  assert.is(response.status, 204);
  assert.is(response.headers.get('set-cookie'), 'session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax');
});

test('a malformed origin in CORS_ORIGINS stops the start with a message naming it', async () => {
  const { bootstrap, corsFrom } = await import('../../examples/todo/src/bootstrap.js');
  assert.is(corsFrom(undefined), undefined);
  assert.is(corsFrom(' , '), undefined);
  const kept = process.env.CORS_ORIGINS;
  process.env.CORS_ORIGINS = 'http://localhost:5173/app';
  try {
    await bootstrap().then(
      () => assert.unreachable('init should fail'),
      (error: Error) => assert.match(error.message, /"http:\/\/localhost:5173\/app" is not an origin: write scheme:\/\/host\[:port\]/),
    );
  } finally {
    process.env.CORS_ORIGINS = kept;
  }
});

test.run();
