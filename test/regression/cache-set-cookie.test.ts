// Regression: the CacheInterceptor keeps an answer that set a cookie to its caller alone, but saw
// only `setResponseHeader`, while `context.setCookie`, `setSignedCookie` and `clearCookie` append
// their header: a GET that started a session for one visitor had its answer (the session's id)
// served from the cache to the next visitors, without the cookie.
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

test.run();
