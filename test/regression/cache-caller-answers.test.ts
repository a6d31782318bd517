// Regression: the CacheInterceptor keeps an answer that set a cookie to its caller alone, but saw
// only `setResponseHeader`, while `context.setCookie`, `setSignedCookie` and `clearCookie` append
// their header: a GET that started a session for one visitor had its answer (the session's id)
// served from the cache to the next visitors, without the cookie. And a redirect's body was kept:
// the next callers got it as a 200, without the redirect.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/core-edges/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/core-edges/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

test('an answer that sets or clears a cookie is never served to another visitor', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet, cookies: { secrets: ['a-cookie-secret-of-at-least-32-bytes!'] } }).init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  try {
    for (const path of ['/visit/cookie', '/visit/signed', '/visit/cleared']) {
      const visit = async () => {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        return { body: await response.text(), cookie: response.headers.get('set-cookie') };
      };
      const [first, second] = [await visit(), await visit()];
      const concurrent = await Promise.all([visit(), visit()]);
      const answers = [first, second, ...concurrent];
      assert.is(new Set(answers.map((answer) => answer.body)).size, 4, `${path}: each visitor its own answer: ${JSON.stringify(answers)}`);
      for (const answer of answers) assert.ok(answer.cookie, `${path}: each answer with its cookie`);
    }
  } finally {
    await app.close();
  }
});

test('an answer that redirected is not kept: the next caller is not served its body as a 200', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  try {
    const first = await fetch(`http://127.0.0.1:${port}/visit/moved`, { redirect: 'manual' });
    assert.equal([first.status, first.headers.get('location')], [302, '/elsewhere']);
    const firstBody = await first.text();
    const second = await fetch(`http://127.0.0.1:${port}/visit/moved`, { redirect: 'manual' });
    assert.is(second.status, 200);
    assert.is.not(await second.text(), firstBody, "the handler ran again: the redirect's body was not kept");
  } finally {
    await app.close();
  }
});

test.run();
