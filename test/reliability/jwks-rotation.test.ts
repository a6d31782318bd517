// A remote key set and the verified-token cache: a key removed from the set stops verifying for
// good (not 403 once, then 200 from the cache again), and the cache keeps many tokens between
// fetches (it used to hold one: every call saw a new copy of the key set and emptied it).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { JwtConfig, JwtService } from '@framework/core';
import { signatureChecks } from '../auth/fixtures/signature-checks.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JWKS endpoint whose key set the test changes; counts its fetches. */
async function keySetServer(initial: string) {
  let body = initial;
  let fetches = 0;
  const server = createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    set: (next: string) => void (body = next),
    get fetches() {
      return fetches;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const setOf = async (...keys: [CryptoKey, string][]) =>
  JSON.stringify({ keys: await Promise.all(keys.map(async ([key, kid]) => ({ ...(await exportJWK(key)), kid, alg: 'RS256', use: 'sig' }))) });
const sign = (sub: string, kid: string, key: CryptoKey) => new SignJWT({ sub }).setProtectedHeader({ alg: 'RS256', kid }).setExpirationTime('1h').sign(key);

test('a key removed from the remote set keeps being refused after the refetch, while a kept key still verifies', async () => {
  const [k1, k2] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
  const endpoint = await keySetServer(await setOf([k1.publicKey, 'k1'], [k2.publicKey, 'k2']));
  try {
    const jwt = new JwtService(new JwtConfig({ jwksUrl: endpoint.url, algorithms: ['RS256'], jwksOptions: { cacheMaxAge: 300, cooldownDuration: 0 } }));
    const removed = await sign('one', 'k1', k1.privateKey);
    const kept = await sign('two', 'k2', k2.privateKey);
    assert.is((await jwt.verify(kept))?.sub, 'two');
    assert.is((await jwt.verify(removed))?.sub, 'one');
    endpoint.set(await setOf([k2.publicKey, 'k2']));
    await sleep(400);
    for (let i = 0; i < 5; i++) assert.is(await jwt.verify(removed), null, `use ${i + 1} after the refetch`);
    assert.is((await jwt.verify(kept))?.sub, 'two');
    await sleep(400);
    assert.is(await jwt.verify(removed), null, 'and after the next refetch');
  } finally {
    endpoint.close();
  }
});

test('between fetches, many tokens of a remote set are served from the cache', async () => {
  const k1 = await generateKeyPair('RS256');
  const endpoint = await keySetServer(await setOf([k1.publicKey, 'k1']));
  try {
    const jwt = new JwtService(new JwtConfig({ jwksUrl: endpoint.url, algorithms: ['RS256'] }));
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => sign(`user-${i}`, 'k1', k1.privateKey)));
    for (const token of tokens) await jwt.verify(token);
    const checks = await signatureChecks(async () => {
      for (let round = 0; round < 3; round++) for (const [i, token] of tokens.entries()) assert.is((await jwt.verify(token))?.sub, `user-${i}`);
    });
    assert.is(checks, 0, 'every token seen before is a cache hit');
    assert.is(endpoint.fetches, 1);
  } finally {
    endpoint.close();
  }
});

test('a refetch that brings the same keys keeps the cache', async () => {
  const k1 = await generateKeyPair('RS256');
  const endpoint = await keySetServer(await setOf([k1.publicKey, 'k1']));
  try {
    const jwt = new JwtService(new JwtConfig({ jwksUrl: endpoint.url, algorithms: ['RS256'], jwksOptions: { cacheMaxAge: 200, cooldownDuration: 0 } }));
    const tokens = await Promise.all(['a', 'b'].map((sub) => sign(sub, 'k1', k1.privateKey)));
    for (const token of tokens) await jwt.verify(token);
    await sleep(300);
    // The first use after the cache age verifies again (and refetches); the set is unchanged, so the second token stays cached.
    const checks = await signatureChecks(async () => {
      for (const token of tokens) await jwt.verify(token);
    });
    assert.is(endpoint.fetches, 2);
    assert.is(checks, 1);
  } finally {
    endpoint.close();
  }
});

test.run();
