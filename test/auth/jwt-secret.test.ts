// jwtSecretFromEnv: the environment's secret, or a random per-process one with a warning.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { JwtConfig, JwtService, jwtSecretFromEnv } from '@framework/core';
import { recordingLogger, startJwtApp } from './fixtures/jwt-app.js';

const test = suite('jwtSecretFromEnv');

test.after.each(() => {
  delete process.env.TEST_JWT_SECRET;
});

test('returns the variable when it is set, without a warning', () => {
  process.env.TEST_JWT_SECRET = 'from-the-environment-0123456789-abcdef';
  const logger = recordingLogger();
  assert.is(jwtSecretFromEnv('TEST_JWT_SECRET', logger), 'from-the-environment-0123456789-abcdef');
  assert.equal(logger.warnings, []);
});

test('reads JWT_SECRET by default', () => {
  const saved = process.env.JWT_SECRET;
  process.env.JWT_SECRET = 'default-name-secret-0123456789-abcdef';
  try {
    assert.is(jwtSecretFromEnv(undefined, recordingLogger()), 'default-name-secret-0123456789-abcdef');
  } finally {
    if (saved === undefined) delete process.env.JWT_SECRET;
    else process.env.JWT_SECRET = saved;
  }
});

test('when unset or empty: a random 32-byte secret, a new one each process start, and a warning about restarts', () => {
  for (const value of [undefined, '']) {
    if (value === undefined) delete process.env.TEST_JWT_SECRET;
    else process.env.TEST_JWT_SECRET = value;
    const logger = recordingLogger();
    const first = jwtSecretFromEnv('TEST_JWT_SECRET', logger);
    const second = jwtSecretFromEnv('TEST_JWT_SECRET', logger);
    assert.instance(first, Uint8Array);
    assert.is((first as Uint8Array).length, 32);
    assert.not.equal(first, second, 'two generated secrets are the same: not random');
    assert.ok((first as Uint8Array).some((byte) => byte !== 0));
    assert.is(logger.warnings.length, 2);
    assert.match(logger.warnings[0]!, 'TEST_JWT_SECRET is not set');
    assert.match(logger.warnings[0]!, 'will not survive a restart');
  }
});

test('the generated secret signs tokens its own service accepts and another process (secret) refuses', async () => {
  const logger = recordingLogger();
  const mine = new JwtService(new JwtConfig({ secret: jwtSecretFromEnv('TEST_JWT_SECRET', logger) }));
  const restarted = new JwtService(new JwtConfig({ secret: jwtSecretFromEnv('TEST_JWT_SECRET', logger) }));
  const token = await mine.sign({ sub: 'u1' });
  assert.is((await mine.verify(token))?.sub, 'u1');
  assert.is(await restarted.verify(token), null);
});

test('an app configured with the fallback secret serves authenticated routes', async () => {
  const running = await startJwtApp({ secret: jwtSecretFromEnv('TEST_JWT_SECRET', recordingLogger()) });
  try {
    const token = await running.jwt.sign({ sub: 'u1' });
    assert.is((await running.get('/profile/me', { authorization: `Bearer ${token}` })).status, 200);
  } finally {
    await running.close();
  }
});

test.run();
