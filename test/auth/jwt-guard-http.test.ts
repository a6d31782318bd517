// JwtAuthGuard as the global guard of a real application over HTTP, with an HS256 secret.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startJwtApp, type RunningApp } from './fixtures/jwt-app.js';
import { SECRET, decodePart, hs256, pemKeyPair, tamperPayload, tamperSignature, unsignedToken } from './fixtures/tokens.js';

const test = suite<{ running: RunningApp }>('JwtAuthGuard over HTTP (HS256)');

test.before(async (context) => {
  context.running = await startJwtApp({ secret: SECRET });
});
test.after(async ({ running }) => {
  await running.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A refusal is a 403 ForbiddenException that says nothing about why. */
async function assertForbidden(response: Response): Promise<void> {
  assert.is(response.status, 403);
  assert.equal(await response.json(), { status: 403, name: 'ForbiddenException', message: 'Forbidden' });
}

test('a valid token is let through and its claims reach the handler', async ({ running }) => {
  const token = await running.jwt.sign({ sub: 'alice', roles: ['admin'] });
  const response = await running.get('/profile/me', bearer(token));
  assert.is(response.status, 200);
  const { claims } = (await response.json()) as { claims: Record<string, unknown> };
  assert.is(claims.sub, 'alice');
  assert.equal(claims.roles, ['admin']);
});

test('signed tokens carry iat and expire after one hour by default, with typ JWT and alg HS256', async ({ running }) => {
  const token = await running.jwt.sign({ sub: 'alice' });
  const [header, payload] = token.split('.') as [string, string];
  assert.equal(decodePart(header), { alg: 'HS256', typ: 'JWT' });
  const claims = decodePart(payload) as { iat: number; exp: number };
  assert.ok(Math.abs(claims.iat - Date.now() / 1000) < 5);
  assert.is(claims.exp - claims.iat, 3600);
});

test('the scheme is case-insensitive and surrounding spaces are ignored', async ({ running }) => {
  const token = await running.jwt.sign({ sub: 'alice' });
  const response = await running.get('/profile/me', { authorization: `bearer   ${token}  ` });
  assert.is(response.status, 200);
});

test('a tampered signature is refused', async ({ running }) => {
  const token = await running.jwt.sign({ sub: 'alice' });
  await assertForbidden(await running.get('/profile/me', bearer(tamperSignature(token))));
});

test('a tampered payload (another subject, same signature) is refused', async ({ running }) => {
  const token = await running.jwt.sign({ sub: 'bob' });
  await assertForbidden(await running.get('/profile/me', bearer(tamperPayload(token, { sub: 'alice' }))));
});

test('a token signed with another secret is refused', async ({ running }) => {
  const token = await hs256({ sub: 'alice' }, 'another-secret-0123456789-abcdefghijklmnop');
  await assertForbidden(await running.get('/profile/me', bearer(token)));
});

test('an expired token is refused (signed by the service, and by jose directly)', async ({ running }) => {
  const expired = await running.jwt.sign({ sub: 'alice' }, { expiresIn: -60 });
  await assertForbidden(await running.get('/profile/me', bearer(expired)));
  const past = Math.floor(Date.now() / 1000) - 10;
  await assertForbidden(await running.get('/profile/me', bearer(await hs256({ sub: 'alice' }, SECRET, past))));
});

test('a token that is not yet valid (nbf in the future) is refused', async ({ running }) => {
  const early = await running.jwt.sign({ sub: 'alice' }, { notBefore: 3600 });
  await assertForbidden(await running.get('/profile/me', bearer(early)));
});

test('an unsecured token (alg: none) is refused, with or without a signature part', async ({ running }) => {
  const unsigned = unsignedToken({ sub: 'alice', exp: Math.floor(Date.now() / 1000) + 3600 });
  await assertForbidden(await running.get('/profile/me', bearer(unsigned)));
  await assertForbidden(await running.get('/profile/me', bearer(unsigned.slice(0, -1))));
});

test('an RS256 token is refused by the HS256 verifier', async ({ running }) => {
  const pair = await pemKeyPair('RS256');
  const { SignJWT } = await import('jose');
  const token = await new SignJWT({ sub: 'alice' }).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('1h').sign(pair.keys.privateKey);
  await assertForbidden(await running.get('/profile/me', bearer(token)));
});

test('garbage in the bearer slot is refused, not a 500', async ({ running }) => {
  for (const garbage of ['abc', 'a.b.c', '...', 'x'.repeat(5000), 'eyJ.eyJ.sig']) {
    await assertForbidden(await running.get('/profile/me', bearer(garbage)));
  }
});

test('a missing authorization header is a 403, not a 500', async ({ running }) => {
  await assertForbidden(await running.get('/profile/me'));
});

test('`Bearer` without a token, or with only spaces, is a 403', async ({ running }) => {
  await assertForbidden(await running.get('/profile/me', { authorization: 'Bearer' }));
  await assertForbidden(await running.get('/profile/me', { authorization: 'Bearer    ' }));
});

test('another scheme (Basic …) is a 403, even with a valid token after it', async ({ running }) => {
  const token = await running.jwt.sign({ sub: 'alice' });
  await assertForbidden(await running.get('/profile/me', { authorization: 'Basic dXNlcjpwYXNz' }));
  await assertForbidden(await running.get('/profile/me', { authorization: `Basic ${token}` }));
  await assertForbidden(await running.get('/profile/me', { authorization: `Digest ${token}` }));
  await assertForbidden(await running.get('/profile/me', { authorization: token }));
});

test('a @Public() handler answers without a token, and with a bad one', async ({ running }) => {
  const open = await running.get('/profile/open');
  assert.is(open.status, 200);
  assert.equal(await open.json(), { open: true, claims: null });
  assert.is((await running.get('/profile/open', bearer('not-a-token'))).status, 200);
});

test('a @Public() controller opens all its handlers', async ({ running }) => {
  const response = await running.get('/public');
  assert.is(response.status, 200);
  assert.equal(await response.json(), { hello: 'world' });
});

test('@Public() on one handler does not open its neighbours', async ({ running }) => {
  await assertForbidden(await running.get('/profile/me'));
  await assertForbidden(await running.get('/admin/any'));
});

test.run();
