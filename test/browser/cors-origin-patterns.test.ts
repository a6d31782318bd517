// An origin RegExp is matched against the whole Origin, whatever its spelling: one written with
// its own anchors and an alternation (`^a|b$`) must not let `a.evil.test` in, on ordinary answers,
// on preflights, or through the session cookie's same-origin check.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../http/fixtures/app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../http/fixtures/app/', import.meta.url));

const test = suite<{ app: FrameworkApplication; base: string }>('CORS origin patterns');

test.before(async (context) => {
  const origins = /^https:\/\/app\.example\.com|https:\/\/admin\.example\.com$/;
  const app = new FrameworkApplication(tables, { cors: { origins, credentials: true }, logger: { log() {}, warn() {}, error() {} } });
  context.app = await app.init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0, '127.0.0.1')}`;
});
test.after(async ({ app }) => {
  await app?.close();
});

test('an alternation written between its own anchors still matches whole origins only', async ({ base }) => {
  const allowed = async (origin: string) => (await fetch(`${base}/features/text`, { headers: { origin } })).headers.get('access-control-allow-origin');
  assert.is(await allowed('https://app.example.com'), 'https://app.example.com');
  assert.is(await allowed('https://admin.example.com'), 'https://admin.example.com');
  assert.is(await allowed('https://app.example.com.evil.test'), null, 'a prefix of the first alternative is not the origin');
  assert.is(await allowed('https://xhttps://admin.example.com'), null);
  assert.is(await allowed('https://evilhttps.admin.example.com'), null);
  const preflight = await fetch(`${base}/features/created`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com.evil.test', 'access-control-request-method': 'POST' } });
  assert.is(preflight.status, 403);
  assert.is(preflight.headers.get('access-control-allow-origin'), null);
});

test.run();
