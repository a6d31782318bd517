// A JwtModule with a shared secret imports its key with the first token, not at start: the secret
// was checked when the module was configured, so jose and WebCrypto stay out of the start. The
// todo example (a secret from JWT_SECRET) runs in a child process that records the modules it loads.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT } from 'jose';
import { startRecordedApp } from '../telemetry/fixtures/recorded-app.js';

const test = suite('JWT shared secret imported on first use');
const SECRET = 'a-secret-for-this-suite-of-at-least-32-bytes';

const sign = (secret: string) =>
  new SignJWT({ sub: 'demo', roles: ['user'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));

test('the app starts without jose; the first token loads it and is verified with the configured secret', async () => {
  const app = await startRecordedApp({ WATCHED_MODULES: '/node_modules/jose/', JWT_SECRET: SECRET });
  try {
    assert.equal(app.loaded(), [], 'nothing of jose is loaded at start');
    const list = (token: string) => fetch(`http://127.0.0.1:${app.port}/todo`, { headers: { authorization: `Bearer ${token}` } });
    // Tokens sent at once, before the key exists: each waits for the one import.
    const [first, second, forged] = await Promise.all([list(await sign(SECRET)), list(await sign(SECRET)), list(await sign(`${SECRET}-other`))]);
    assert.is(first.status, 200, await first.text());
    assert.is(second.status, 200, await second.text());
    assert.is(forged.status, 403, 'a token signed with another secret is refused');
    assert.ok(app.loaded().length > 0, 'jose is loaded by the first token');
  } finally {
    await app.stop();
  }
});

test.run();
