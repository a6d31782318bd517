// `.env` pitfalls stop the start with a message instead of passing silently: `JWT_SECRET=abc#def`
// read `abc` (dotenv takes `#` for a comment), and an empty `DEMO_PASSWORD=` fell back to `demo`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '@framework/core/config';
import { EnvSchema } from '../../examples/todo/src/config/env.schema.js';

const secret = 'a-secret-of-at-least-32-bytes-long';

async function configFrom(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'env-pitfalls-'));
  try {
    writeFileSync(join(dir, '.env'), text);
    return await loadConfig(EnvSchema, { env: {}, envFilePath: join(dir, '.env') }).then(
      (config) => ({ config, error: undefined }),
      (error: Error) => ({ config: undefined, error: error.message }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("an unquoted '#' inside a value is refused with its line, without repeating the value", async () => {
  const { error } = await configFrom(`PORT=3000\nJWT_SECRET=${secret}#tail\n`);
  assert.ok(error, 'the start is stopped');
  assert.match(error!, /\.env:2: the value of JWT_SECRET contains '#' outside quotes, which starts a comment: it would read as its first 34 characters only\. Put the value in quotes: JWT_SECRET="…"/);
  assert.not.match(error!, new RegExp(secret));
});

test("a quoted '#', and a comment after a space, are read as meant", async () => {
  const { config, error } = await configFrom(`JWT_SECRET="${secret}#tail"\nPORT=3001 # the HTTP port\n`);
  assert.is(error, undefined);
  assert.is(config!.get('JWT_SECRET'), `${secret}#tail`);
  assert.is(config!.get('PORT'), 3001);
});

test('an empty value for a variable with a default is refused; an empty optional one is unset', async () => {
  const { error } = await configFrom('DEMO_PASSWORD=\nJWT_SECRET=\n');
  assert.ok(error);
  assert.match(error!, /DEMO_PASSWORD is set but empty \(remove it to use the default, or give it a value\)/);
  assert.not.match(error!, /JWT_SECRET/);
  const { config } = await configFrom('JWT_SECRET=\n');
  assert.is(config!.get('DEMO_PASSWORD'), 'demo', 'absent, the default applies');
});

test.run();
