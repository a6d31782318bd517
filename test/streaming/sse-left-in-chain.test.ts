/**
 * A client that leaves an `@Sse()` route while its chain still runs (a slow guard): the stream
 * opened after the guard lets the call through must be closed at once, its generator's `finally`
 * run, not left pulling into a closed connection for ever.
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { observed } from './fixtures/app/src/streams.controller.js';
import { until } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const app = await new FrameworkApplication(tables).init(AppModule);
const port = await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${port}`;

test('a client gone while the guard runs: the endless generator is closed and no stream stays open', async () => {
  const { started, finished } = observed;
  const controller = new AbortController();
  const leaving = fetch(`${base}/streams/guarded-forever`, { headers: { 'x-key': 'open-sesame', 'x-delay-ms': '300' }, signal: controller.signal }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 100));
  controller.abort();
  await leaving;
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.is(observed.started - observed.finished, started - finished, 'no generator left running');
  assert.is(app.stats().openStreams, 0);
});

test.after(() => app.close());
test.run();
