// Key-pair signing and verification through a real application: RS256 and EdDSA keys generated
// with jose and exported to PEM, plus the algorithm-confusion attacks a pinned verifier refuses.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT } from 'jose';
import { JwtConfig, JwtService } from '@framework/core';
import { recordingLogger, startJwtApp, type RunningApp } from './fixtures/jwt-app.js';
import { decodePart, hs256, pemKeyPair, type PemKeyPair } from './fixtures/tokens.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

for (const alg of ['RS256', 'EdDSA'] as const) {
  const test = suite<{ running: RunningApp; pair: PemKeyPair }>(`JwtAuthGuard with an ${alg} key pair from PEM`);

  test.before(async (context) => {
    context.pair = await pemKeyPair(alg);
    context.running = await startJwtApp({ algorithm: alg, privateKey: context.pair.privateKey, publicKey: context.pair.publicKey, keyId: 'k1' });
  });
  test.after(async ({ running }) => {
    await running.close();
  });

  test('tokens signed with the private key pass and their claims reach the handler', async ({ running }) => {
    const token = await running.jwt.sign({ sub: 'alice' });
    assert.equal(decodePart(token.split('.')[0]!), { alg, typ: 'JWT', kid: 'k1' });
    const response = await running.get('/profile/me', bearer(token));
    assert.is(response.status, 200);
    assert.is(((await response.json()) as { claims: { sub: string } }).claims.sub, 'alice');
  });

  test('a token signed by another key pair of the same algorithm is refused', async ({ running }) => {
    const other = await pemKeyPair(alg);
    const token = await new SignJWT({ sub: 'alice' }).setProtectedHeader({ alg }).setExpirationTime('1h').sign(other.keys.privateKey);
    assert.is((await running.get('/profile/me', bearer(token))).status, 403);
  });

  test('an HS256 token whose HMAC key is the public key PEM (key confusion) is refused', async ({ running, pair }) => {
    const forged = await hs256({ sub: 'alice' }, pair.publicKey);
    assert.is((await running.get('/profile/me', bearer(forged))).status, 403);
  });

  test('a token of another asymmetric algorithm is refused', async ({ running }) => {
    const otherAlg = alg === 'RS256' ? 'EdDSA' : 'RS256';
    const other = await pemKeyPair(otherAlg);
    const token = await new SignJWT({ sub: 'alice' }).setProtectedHeader({ alg: otherAlg }).setExpirationTime('1h').sign(other.keys.privateKey);
    assert.is((await running.get('/profile/me', bearer(token))).status, 403);
  });

  test('a verify-only service (public key alone) accepts the signer\'s tokens and cannot sign', async ({ running, pair }) => {
    const verifier = new JwtService(new JwtConfig({ algorithm: alg, publicKey: pair.publicKey }));
    const token = await running.jwt.sign({ sub: 'carol' });
    assert.is((await verifier.verify(token))?.sub, 'carol');
    try {
      await verifier.sign({ sub: 'mallory' });
      assert.unreachable('a verify-only service signed a token');
    } catch (error) {
      assert.instance(error, TypeError);
      assert.match((error as Error).message, 'add `privateKey`');
    }
  });

  test.run();
}

const keys = suite('key material');

keys('PEM with literal \\n sequences (as kept in environment variables) is accepted', async () => {
  const pair = await pemKeyPair('RS256');
  const flatten = (pem: string) => pem.trim().replace(/\n/g, '\\n');
  const jwt = new JwtService(new JwtConfig({ algorithm: 'RS256', privateKey: flatten(pair.privateKey), publicKey: flatten(pair.publicKey) }));
  assert.is((await jwt.verify(await jwt.sign({ sub: 'alice' })))?.sub, 'alice');
});

keys('a malformed public key fails app.init with a message that names it', async () => {
  const pair = await pemKeyPair('ES256');
  try {
    const running = await startJwtApp({ algorithm: 'ES256', privateKey: pair.privateKey, publicKey: 'not a pem' }, 'jwt', recordingLogger());
    await running.close();
    assert.unreachable('init succeeded with a malformed public key');
  } catch (error) {
    assert.match((error as Error).message, 'the publicKey could not be imported for ES256');
  }
});

keys('a key of the wrong type for the algorithm fails app.init', async () => {
  const pair = await pemKeyPair('EdDSA');
  try {
    const running = await startJwtApp({ algorithm: 'RS256', privateKey: pair.privateKey, publicKey: pair.publicKey });
    await running.close();
    assert.unreachable('init succeeded with an Ed25519 key configured as RS256');
  } catch (error) {
    assert.match((error as Error).message, 'could not be imported for RS256');
  }
});

keys.run();
