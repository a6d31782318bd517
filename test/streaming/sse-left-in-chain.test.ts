/**
 * A client that leaves while the chain still runs (a slow guard): the event stream opened after the
 * guard lets the call through must be closed at once, not left pulling its generator into a closed
 * connection for ever; and a handler reading `context.signal` then must find it aborted.
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { lateSignals, observed } from './fixtures/app/src/streams.controller.js';
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

test('a client gone while the guard runs: the handler finds context.signal aborted', async () => {
  const controller = new AbortController();
  const leaving = fetch(`${base}/streams/signal-after-guard`, { headers: { 'x-key': 'open-sesame', 'x-delay-ms': '300' }, signal: controller.signal }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 100));
  controller.abort();
  await leaving;
  await until(() => lateSignals.afterGuard !== undefined, 'the guard to let the call through');
  assert.is(lateSignals.afterGuard, true);
});

test.after(() => app.close());
test.run();
