// Regression: a middleware that called next() after its own promise had settled
// (`doAsync().then(next)`) let the chain answer an empty 200 at once, then ran the guards and the
// handler with nothing awaiting them, so a throwing guard became an unhandled rejection that ends
// a Node process. Downstream failures must also never be unhandled while a middleware awaits
// something else.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/late-next/src/app.module.js';
import { seen } from './fixtures/late-next/src/late.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/late-next/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
const settle = () => new Promise((resolve) => setTimeout(resolve, 80));

/** Runs `body` and returns the reasons of the rejections left unhandled meanwhile. */
async function unhandledDuring(body: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await body();
    await settle();
  } finally {
    process.off('unhandledRejection', listener);
  }
  return unhandled;
}

const lateMessage = /Middleware LateNextMiddleware called next\(\) after it returned; return or await next\(\)/;

test.before.each(() => {
  seen.guardRuns = 0;
  seen.lateErrors = [];
});

test('a late next() throws a clear error and runs neither the guards nor the handler', async () => {
  const unhandled = await unhandledDuring(async () => {
    const response = await app.fetch(new Request('http://in-process/late/after-return'));
    // The middleware returned without calling next(): its own (empty) result is the answer.
    assert.is(response.status, 200);
    assert.is(await response.text(), '');
  });
  assert.equal(unhandled, []);
  assert.is(seen.guardRuns, 0);
  assert.is(seen.lateErrors.length, 1);
  assert.match((seen.lateErrors[0] as Error).message, lateMessage);
});

test('a floating late next() surfaces as that error, never as a failure of the guard', async () => {
  const unhandled = await unhandledDuring(async () => {
    await app.fetch(new Request('http://in-process/late/after-return', { headers: { 'x-float': '1' } }));
  });
  assert.is(seen.guardRuns, 0);
  assert.is(unhandled.length, 1);
  assert.match((unhandled[0] as Error).message, lateMessage);
});

test('next() started without await fails the call, and its failure is never unhandled meanwhile', async () => {
  let status = 0;
  const unhandled = await unhandledDuring(async () => {
    status = (await app.fetch(new Request('http://in-process/late/unawaited'))).status;
  });
  assert.is(seen.guardRuns, 1);
  assert.is(status, 500);
  assert.equal(unhandled, []);
});

test.after(() => app.close());
test.run();
