// Regression: a middleware that starts next() without awaiting it and then throws used to leave
// the downstream failure as an unhandled rejection, which ends a Node process by default.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../chain/fixtures/app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../chain/fixtures/app/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

test('the middleware error is the answer and nothing is left unhandled', async () => {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', listener);
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  const response = await app.fetch(new Request('http://in-process/chain/fail/other', { headers: { 'x-abandon': 'controller' } }));
  assert.is(response.status, 500);
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.off('unhandledRejection', listener);
  assert.equal(unhandled, []);
  await app.close();
});

test.run();
