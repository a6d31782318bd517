// JwtService and JwtConfig on their own: options, issuer/audience, JWK and JWKS keys, config errors.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { JwtConfig, JwtModule, JwtService, type JwtModuleOptions } from '@framework/core';
import { SECRET, decodePart } from './fixtures/tokens.js';

const service = (options: JwtModuleOptions) => new JwtService(new JwtConfig(options));

const options = suite('JwtService options');

options('sign/verify round trip keeps custom claims; verify answers null for a bad token, never throws', async () => {
  const jwt = service({ secret: SECRET });
  const claims = await jwt.verify(await jwt.sign({ sub: 'u1', scope: 'todo:read' }));
  assert.is(claims?.sub, 'u1');
  assert.is(claims?.scope, 'todo:read');
  assert.is(await jwt.verify(''), null);
  assert.is(await jwt.verify('a.b.c'), null);
  assert.is(await jwt.verify(undefined as unknown as string), null);
});

options('expiresIn is configurable per module and per token; false means no exp (verified only with requireExpiry: false)', async () => {
  const jwt = service({ secret: SECRET, expiresIn: 60 });
  const payload = (token: string) => decodePart(token.split('.')[1]!) as { iat: number; exp?: number };
  const a = payload(await jwt.sign({}));
  assert.is(a.exp! - a.iat, 60);
  const b = payload(await jwt.sign({}, { expiresIn: '2h' }));
  assert.ok(Math.abs(b.exp! - b.iat - 7200) <= 1);
  const forever = await jwt.sign({}, { expiresIn: false });
  assert.is(payload(forever).exp, undefined);
  assert.is(await jwt.verify(forever), null, 'exp is required by default');
  assert.ok(await service({ secret: SECRET, requireExpiry: false }).verify(forever), 'requireExpiry: false accepts it');
});

options('a token without exp is refused by default, even with a valid signature ({} signed with the secret)', async () => {
  const jwt = service({ secret: SECRET });
  const noExp = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
  assert.is(await jwt.verify(noExp), null);
  assert.equal(new JwtConfig({ secret: SECRET }).verifyOptions.requiredClaims, ['exp']);
});

options('requiredClaims: a token must carry each listed claim (sub, iss, aud, …)', async () => {
  const jwt = service({ secret: SECRET, requiredClaims: ['sub', 'jti'] });
  assert.is(await jwt.verify(await jwt.sign({})), null, 'no sub');
  assert.is(await jwt.verify(await jwt.sign({ sub: 'u1' })), null, 'no jti');
  assert.is((await jwt.verify(await jwt.sign({ sub: 'u1' }, { jwtId: 'j1' })))?.sub, 'u1');
  assert.equal(new JwtConfig({ secret: SECRET, requiredClaims: ['sub', 'exp'] }).requiredClaims, ['exp', 'sub']);
});

options('issuer and audience are written when signing and required when verifying', async () => {
  const jwt = service({ secret: SECRET, issuer: 'https://auth.example', audience: 'todo-api' });
  const token = await jwt.sign({ sub: 'u1' });
  assert.equal((await jwt.verify(token))?.aud, 'todo-api');
  const plain = service({ secret: SECRET });
  assert.is(await jwt.verify(await plain.sign({ sub: 'u1' })), null, 'no iss/aud');
  assert.is(await jwt.verify(await plain.sign({ sub: 'u1' }, { issuer: 'https://auth.example', audience: 'other-api' })), null, 'wrong aud');
  assert.is(await jwt.verify(await plain.sign({ sub: 'u1' }, { issuer: 'https://evil.example', audience: 'todo-api' })), null, 'wrong iss');
});

options('clockTolerance accepts a token that expired within the tolerance', async () => {
  const signer = service({ secret: SECRET });
  const token = await signer.sign({ sub: 'u1' }, { expiresIn: -5 });
  assert.is(await signer.verify(token), null);
  assert.is((await service({ secret: SECRET, clockTolerance: 30 }).verify(token))?.sub, 'u1');
});

options('HS512 signs and verifies, and refuses HS256 tokens made with the same secret', async () => {
  const jwt = service({ secret: SECRET, algorithm: 'HS512' });
  const token = await jwt.sign({ sub: 'u1' });
  assert.is(decodePart(token.split('.')[0]!).alg, 'HS512');
  assert.is((await jwt.verify(token))?.sub, 'u1');
  assert.is(await jwt.verify(await service({ secret: SECRET }).sign({ sub: 'u1' })), null);
});

options('ES256 keys given as JWK objects work', async () => {
  const keys = await generateKeyPair('ES256', { extractable: true });
  const jwt = service({ algorithm: 'ES256', privateKey: await exportJWK(keys.privateKey), publicKey: await exportJWK(keys.publicKey) });
  assert.is((await jwt.verify(await jwt.sign({ sub: 'u1' })))?.sub, 'u1');
});

options('JwtModule.forRoot provides a JwtConfig value and the JwtService class', () => {
  const module = JwtModule.forRoot({ secret: SECRET });
  assert.is(module.module, JwtModule);
  assert.instance(module.create(), JwtConfig);
  assert.equal(module.injectables, [JwtService]);
  assert.equal(module.create().verifyOptions.algorithms, ['HS256']);
});

options.run();

const errors = suite('JwtModule configuration errors');

function throwsConfig(options: unknown, fragment: string): void {
  try {
    new JwtConfig(options as JwtModuleOptions);
    assert.unreachable(`accepted ${JSON.stringify(options)}`);
  } catch (error) {
    assert.instance(error, TypeError);
    assert.match((error as Error).message, fragment);
  }
}

errors('no key, two kinds of key, an empty or undefined secret or a mismatched algorithm are refused at startup', () => {
  throwsConfig({}, 'give exactly one of');
  throwsConfig({ secret: undefined }, '`secret` is undefined. Set JWT_SECRET');
  throwsConfig({ secret: SECRET, publicKey: 'x', algorithm: 'RS256' }, 'got secret, publicKey');
  throwsConfig({ secret: '' }, '`secret` is empty');
  throwsConfig({ secret: SECRET, algorithm: 'RS256' }, 'not RS256');
  throwsConfig({ publicKey: 'x', algorithm: 'HS256' }, 'not HS256');
  throwsConfig({ publicKey: 'x', algorithm: 'none' }, 'not none');
  throwsConfig({ jwksUrl: 'https://example.com/jwks', algorithms: [] }, 'at least one');
  throwsConfig({ jwksUrl: 'not a url', algorithms: ['RS256'] }, 'is not a URL');
});

errors('an HMAC secret shorter than 32 bytes is refused at startup, saying how to make one', () => {
  throwsConfig({ secret: 'short' }, 'the JWT secret is 5 bytes; an HMAC secret needs at least 32 random bytes');
  throwsConfig({ secret: 'x'.repeat(31) }, 'openssl rand -base64 32');
  throwsConfig({ secret: new Uint8Array(16) }, 'is 16 bytes');
  assert.ok(new JwtConfig({ secret: 'x'.repeat(32) }));
});

errors('requireExpiry and requiredClaims are checked: expiresIn false needs requireExpiry false, unknown claims are named', () => {
  throwsConfig({ secret: SECRET, expiresIn: false }, 'set `requireExpiry: false`');
  assert.ok(new JwtConfig({ secret: SECRET, expiresIn: false, requireExpiry: false }));
  throwsConfig({ secret: SECRET, requiredClaims: ['role'] }, '`requiredClaims` lists "role"; it can hold iss, sub, aud, exp, nbf, iat, jti.');
  throwsConfig({ secret: SECRET, requireExpiry: 'no' }, '`requireExpiry` must be true or false');
});

errors('streamDeadline: a token\'s exp (plus a tolerance in seconds) in ms; none without exp or with endStreamsAtExpiry: false; a non-boolean refused', () => {
  assert.is(service({ secret: SECRET }).streamDeadline({ sub: 'ada', exp: 1_767_225_600 }), 1_767_225_600_000);
  assert.is(service({ secret: SECRET, clockTolerance: 30 }).streamDeadline({ exp: 1_767_225_600 }), 1_767_225_630_000);
  assert.is(service({ secret: SECRET, clockTolerance: '30s' }).streamDeadline({ exp: 1_767_225_600 }), 1_767_225_600_000, 'a string tolerance is jose\'s alone');
  assert.is(service({ secret: SECRET, requireExpiry: false }).streamDeadline({ sub: 'ada' }), undefined);
  assert.is(service({ secret: SECRET, endStreamsAtExpiry: false }).streamDeadline({ exp: 1_767_225_600 }), undefined);
  throwsConfig({ secret: SECRET, endStreamsAtExpiry: 'no' }, '`endStreamsAtExpiry` must be true or false');
});

errors.run();

const jwks = suite<{ server: Server; url: string; privateKey: CryptoKey; ecPrivateKey: CryptoKey }>('JwtService against a remote JWKS');

jwks.before(async (context) => {
  const keys = await generateKeyPair('RS256');
  const ec = await generateKeyPair('ES256');
  context.privateKey = keys.privateKey;
  context.ecPrivateKey = ec.privateKey;
  const body = JSON.stringify({
    keys: [
      { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' },
      { ...(await exportJWK(ec.publicKey)), kid: 'e1', alg: 'ES256', use: 'sig' },
    ],
  });
  context.server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.url = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}/jwks.json`;
});
jwks.after(({ server }) => {
  server.closeAllConnections();
  server.close();
});

jwks('tokens signed by a key of the set verify; an unknown kid, another key or alg are refused', async ({ url, privateKey }) => {
  const jwt = service({ jwksUrl: url, algorithms: ['RS256'], issuer: 'https://issuer.example' });
  const sign = (kid: string, key: CryptoKey | Uint8Array, alg = 'RS256') =>
    new SignJWT({ sub: 'u1' }).setProtectedHeader({ alg, kid }).setIssuer('https://issuer.example').setExpirationTime('1h').sign(key);
  assert.is((await jwt.verify(await sign('k1', privateKey)))?.sub, 'u1');
  assert.is(await jwt.verify(await sign('k2', privateKey)), null);
  const other = await generateKeyPair('RS256');
  assert.is(await jwt.verify(await sign('k1', other.privateKey)), null);
  const hmac = new TextEncoder().encode(SECRET);
  assert.is(await jwt.verify(await sign('k1', hmac, 'HS256')), null);
});

jwks('only the pinned algorithms are accepted, even for a key the set does contain', async ({ url, ecPrivateKey }) => {
  const token = await new SignJWT({ sub: 'u1' }).setProtectedHeader({ alg: 'ES256', kid: 'e1' }).setExpirationTime('1h').sign(ecPrivateKey);
  assert.is(await service({ jwksUrl: url, algorithms: ['RS256'] }).verify(token), null);
  assert.is((await service({ jwksUrl: url, algorithms: ['RS256', 'ES256'] }).verify(token))?.sub, 'u1');
});

jwks('a JWKS-backed service cannot sign, and says so', async ({ url }) => {
  try {
    await service({ jwksUrl: url, algorithms: ['RS256'] }).sign({ sub: 'u1' });
    assert.unreachable('signed without a private key');
  } catch (error) {
    assert.match((error as Error).message, 'cannot sign');
  }
});

jwks.run();
