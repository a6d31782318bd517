// JwtService's cache of verified tokens: a token seen again skips the signature check, yet expires on
// time, is bounded, never holds a bad token, can be turned off, and follows a remote key set's rotation.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { JwtConfig, JwtService, type JwtModuleOptions } from '@framework/core';
import { SECRET } from './fixtures/tokens.js';
import { signatureChecks } from './fixtures/signature-checks.js';

const service = (options: JwtModuleOptions) => new JwtService(new JwtConfig(options));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a token seen again skips the signature check; with the cache off every use is checked', async () => {
  const cached = service({ secret: SECRET });
  const token = await cached.sign({ sub: 'u1' });
  const checks = await signatureChecks(async () => {
    for (let i = 0; i < 5; i++) assert.is((await cached.verify(token))?.sub, 'u1');
  });
  assert.is(checks, 1);
  const uncached = service({ secret: SECRET, verifiedTokenCache: false });
  assert.is(await signatureChecks(async () => {
    for (let i = 0; i < 5; i++) assert.is((await uncached.verify(token))?.sub, 'u1');
  }), 5);
});

test('a cached token is refused once its exp has passed', async () => {
  // Two seconds, not one: times are whole seconds, and a second that ticks between sign and the
  // first verify must not expire the token already.
  const jwt = service({ secret: SECRET, expiresIn: 2 });
  const token = await jwt.sign({ sub: 'u1' });
  assert.is((await jwt.verify(token))?.sub, 'u1');
  await sleep(3100);
  assert.is(await jwt.verify(token), null);
});

test('a token whose nbf is ahead is refused, and accepted once it is reached', async () => {
  const jwt = service({ secret: SECRET });
  const token = await jwt.sign({ sub: 'u1' }, { notBefore: 2 });
  assert.is(await jwt.verify(token), null);
  await sleep(3100);
  assert.is((await jwt.verify(token))?.sub, 'u1');
});

test('bounded: past maxEntries the token stored first is checked again; a bad token is never stored', async () => {
  const jwt = service({ secret: SECRET, verifiedTokenCache: { maxEntries: 2 } });
  const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((sub) => jwt.sign({ sub })));
  const checks = await signatureChecks(async () => {
    for (const token of [a, b, c, c, b, a]) await jwt.verify(token!);
  });
  assert.is(checks, 4, 'a, b, c, then a again (evicted by c)');
  const tampered = `${a!.slice(0, -2)}xx`;
  assert.is(await signatureChecks(async () => {
    assert.is(await jwt.verify(tampered), null);
    assert.is(await jwt.verify(tampered), null);
  }), 2);
});

test('the claims are frozen: requests sharing a token cannot change each other\'s claims', async () => {
  const jwt = service({ secret: SECRET });
  const token = await jwt.sign({ sub: 'u1', roles: ['reader'] });
  const claims = (await jwt.verify(token))!;
  assert.ok(Object.isFrozen(claims) && Object.isFrozen(claims.roles));
  assert.throws(() => (claims.roles as string[]).push('admin'));
  assert.equal((await jwt.verify(token))!.roles, ['reader']);
});

test('maxEntries must be a positive integer', () => {
  assert.throws(() => new JwtConfig({ secret: SECRET, verifiedTokenCache: { maxEntries: 0 } }), /verifiedTokenCache\.maxEntries` must be a positive integer/);
});

test('a remote key set: a token of a key rotated out is refused once the set is older than its cache age', async () => {
  const first = await generateKeyPair('RS256');
  const second = await generateKeyPair('RS256');
  const setOf = async (key: CryptoKey, kid: string) => JSON.stringify({ keys: [{ ...(await exportJWK(key)), kid, alg: 'RS256', use: 'sig' }] });
  let body = await setOf(first.publicKey, 'k1');
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
    const jwt = service({ jwksUrl: url, algorithms: ['RS256'], jwksOptions: { cacheMaxAge: 300, cooldownDuration: 0 } });
    const sign = (kid: string, key: CryptoKey) => new SignJWT({ sub: kid }).setProtectedHeader({ alg: 'RS256', kid }).setExpirationTime('1h').sign(key);
    const old = await sign('k1', first.privateKey);
    assert.is((await jwt.verify(old))?.sub, 'k1');
    assert.is((await jwt.verify(old))?.sub, 'k1', 'from the cache');
    body = await setOf(second.publicKey, 'k2');
    await sleep(400);
    assert.is(await jwt.verify(old), null, 'the set is fetched again and no longer has k1');
    assert.is((await jwt.verify(await sign('k2', second.privateKey)))?.sub, 'k2');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test.run();
