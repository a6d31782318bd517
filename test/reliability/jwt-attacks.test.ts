// The JWT attack matrix against the example, over HTTP and gRPC: every forged, expired, exp-less
// or malformed token is refused (403 / PERMISSION_DENIED), the genuine one passes, nothing is
// logged and no answer says why.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT, generateKeyPair } from 'jose';
import { status as grpcStatus } from '@grpc/grpc-js';
import { startExample } from './fixtures/example.js';
import { base64url, hs256, tamperPayload, tamperSignature, unsignedToken } from '../auth/fixtures/tokens.js';
import { call, todoClient } from '../e2e/grpc-client.js';

const secret = () => process.env.JWT_SECRET!;
const key = () => new TextEncoder().encode(secret());

test('forged, expired, exp-less and malformed tokens are refused over HTTP and gRPC; the genuine one passes', async () => {
  const example = await startExample();
  const grpc = todoClient(example.grpcAddress);
  try {
    const now = Math.floor(Date.now() / 1000);
    const genuine = example.token;
    const rsa = await generateKeyPair('RS256');
    const attacks: Record<string, string> = {
      'no exp, signed with the secret': await new SignJWT({ sub: 'demo' }).setProtectedHeader({ alg: 'HS256' }).sign(key()),
      'empty payload {}, signed with the secret': await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(key()),
      'no sub (the example requires one)': await new SignJWT({ roles: ['admin'] }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key()),
      'alg none': unsignedToken({ sub: 'demo', exp: now + 3600 }),
      'alg None (case)': `${base64url({ alg: 'None', typ: 'JWT' })}.${base64url({ sub: 'demo', exp: now + 3600 })}.`,
      'HS512 with the same secret': await new SignJWT({ sub: 'demo' }).setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(key()),
      'another secret': await hs256({ sub: 'demo' }, 'another-secret-of-at-least-thirty-two-bytes'),
      'RS256 with a key of its own': await new SignJWT({ sub: 'demo' }).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('1h').sign(rsa.privateKey),
      'tampered payload': tamperPayload(genuine, { sub: 'admin', roles: ['admin'] }),
      'tampered signature': tamperSignature(genuine),
      'expired': await hs256({ sub: 'demo' }, secret(), now - 10),
      'not valid yet (nbf)': await new SignJWT({ sub: 'demo' }).setProtectedHeader({ alg: 'HS256' }).setNotBefore(now + 3600).setExpirationTime('2h').sign(key()),
      'exp as a string': await new SignJWT({ sub: 'demo', exp: '9999999999' as unknown as number }).setProtectedHeader({ alg: 'HS256' }).sign(key()),
      'three empty parts': '..',
      'not base64': '!!!.@@@.###',
      '10 KiB of garbage': 'a'.repeat(10 * 1024),
      'JSON instead of a token': '{"sub":"demo"}',
    };
    for (const [what, token] of Object.entries(attacks)) {
      const response = await fetch(`${example.base}/todo`, { headers: { authorization: `Bearer ${token}` } });
      assert.is(response.status, 403, `HTTP: ${what}`);
      assert.equal(await response.json(), { status: 403, name: 'ForbiddenException', message: 'Forbidden' }, `HTTP: ${what} says nothing more`);
      const answer = await call(grpc.GetTodo, grpc, { id: '1' }, token);
      assert.is('code' in answer ? answer.code : 'answered', grpcStatus.PERMISSION_DENIED, `gRPC: ${what}`);
    }
    for (const header of ['', 'Bearer', 'Bearer ', `Basic ${genuine}`, `bearer${genuine}`, `Bearer  ${genuine} x`]) {
      assert.is((await fetch(`${example.base}/todo`, { headers: { authorization: header } })).status, 403, `authorization: '${header.slice(0, 20)}'`);
    }
    assert.is((await fetch(`${example.base}/todo`, { headers: { authorization: `Bearer ${genuine}` } })).status, 200, 'the genuine token passes');
    // The key is pinned: a jku or kid in the header is never followed (the port it names is closed), the secret decides.
    const pointing = await new SignJWT({ sub: 'demo' }).setProtectedHeader({ alg: 'HS256', jku: 'http://127.0.0.1:1/jwks', kid: '../../etc/passwd' }).setExpirationTime('1h').sign(key());
    assert.is((await fetch(`${example.base}/todo`, { headers: { authorization: `Bearer ${pointing}` } })).status, 200, 'jku/kid headers are ignored');
    const created = await call(grpc.CreateTodo, grpc, { title: 'genuine' }, genuine);
    assert.ok(!('code' in created), 'the genuine token passes over gRPC');
    assert.equal(example.errors, []);
  } finally {
    grpc.close();
    await example.close();
  }
});

test.run();
