// Regression: the application's lifecycle had five gaps. `listen()` twice started a second server
// that close() never stopped; `init()` twice built a second set of singletons; `close()` waited for
// in-flight HTTP requests without limit, so one stuck request kept it pending and the onAppClose
// hooks never ran; one rejecting onAppClose hook skipped every hook after it; and one that never
// finished (a client quitting a server that is down) kept close() pending and the next hooks unrun.
import { FrameworkApplication, Module, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/lifecycle-guards/src/app.module.js';
import { closing, FirstClosing } from './fixtures/lifecycle-guards/src/closing.js';
import { holdRequests } from './fixtures/lifecycle-guards/src/held.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/lifecycle-guards/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };
const allHooks = ['FirstClosing', 'SecondClosing', 'LastClosing'];

async function started(options: { shutdownTimeoutMs?: number } = {}): Promise<{ app: FrameworkApplication; port: number }> {
  closing.ran.length = 0;
  closing.failing.clear();
  closing.hanging.clear();
  const app = await new FrameworkApplication(tables, { logger: quiet, ...options }).init(AppModule);
  return { app, port: await app.listen(0, '127.0.0.1') };
}

async function refuses(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/quick`).then(
    () => false,
    () => true,
  );
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} still pending after ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

test('listen() while listening is refused, naming the port; close() then leaves nothing listening', async () => {
  const { app, port } = await started();
  const error = await app.listen(0, '127.0.0.1').catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.match((error as Error).message, `app.listen(0) was called while the HTTP server is already listening on port ${port}; call app.close() first.`);
  assert.is(await (await fetch(`http://127.0.0.1:${port}/quick`)).text(), 'quick', 'the first server still serves');
  await app.close();
  assert.ok(await refuses(port));
});

test('two listen() calls at once: the second is refused while the first is starting', async () => {
  closing.ran.length = 0;
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  const [first, second] = await Promise.allSettled([app.listen(0, '127.0.0.1'), app.listen(0, '127.0.0.1')]);
  assert.is(first.status, 'fulfilled');
  assert.is(second.status, 'rejected');
  assert.match(((second as PromiseRejectedResult).reason as Error).message, 'is still starting from an earlier app.listen(); call app.close() first');
  await app.close();
  assert.ok(await refuses((first as PromiseFulfilledResult<number>).value));
});

test('init() on an initialised application is refused and creates nothing', async () => {
  const { app } = await started();
  const service = app.get(FirstClosing);
  const error = await app.init(AppModule).catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.match((error as Error).message, 'app.init() was called on an application that is initialised already');
  assert.match((error as Error).message, 'create a new FrameworkApplication(tables)');
  assert.is(app.get(FirstClosing), service, 'the singletons are the first ones');
  await app.close();
  assert.equal(closing.ran, allHooks, 'each hook ran once: there is one set of singletons');
});

test('init() while an init() is running is refused', async () => {
  const app = new FrameworkApplication(tables, { logger: quiet });
  const [first, second] = await Promise.allSettled([app.init(AppModule), app.init(AppModule)]);
  assert.is(first.status, 'fulfilled');
  assert.match(((second as PromiseRejectedResult).reason as Error).message, 'app.init() was called while an earlier app.init() is still running');
  await app.close();
});

test('an init() refused before creating anything (stale tables) can be retried with the right module', async () => {
  @Module({})
  class OtherModule {}
  const app = new FrameworkApplication(tables, { logger: quiet });
  assert.match(String(await app.init(OtherModule).catch((e: unknown) => e)), 'not OtherModule');
  await app.init(AppModule);
  await app.close();
});

test('close() cuts a request still running after shutdownTimeoutMs, then runs every onAppClose hook', async () => {
  const { app, port } = await started({ shutdownTimeoutMs: 200 });
  const { reached, release } = holdRequests();
  const inFlight = fetch(`http://127.0.0.1:${port}/held`).then(
    (response) => response.text(),
    (error: unknown) => error,
  );
  await reached;
  try {
    const begun = Date.now();
    await within(app.close(), 3000, 'app.close()');
    const took = Date.now() - begun;
    assert.ok(took >= 150 && took < 2000, `close() took ${took} ms with a 200 ms grace period`);
    assert.equal(closing.ran, allHooks);
    assert.instance(await inFlight, TypeError, 'the stuck request lost its connection');
    assert.ok(await refuses(port));
  } finally {
    release();
  }
});

test('shutdownTimeoutMs must be a number of milliseconds', () => {
  for (const shutdownTimeoutMs of [-1, Number.NaN, Infinity]) {
    assert.throws(
      () => new FrameworkApplication(tables, { shutdownTimeoutMs }),
      (e: Error) => e instanceof TypeError && e.message.startsWith(`FrameworkApplication: shutdownTimeoutMs must be a number of milliseconds, 0 or more`),
    );
  }
});

test('rejecting onAppClose hooks: every hook and the server still close, then one AggregateError names each failure', async () => {
  const { app, port } = await started();
  closing.failing.add('FirstClosing').add('SecondClosing');
  const error = await app.close().catch((e: unknown) => e);
  assert.equal(closing.ran, allHooks, 'LastClosing ran after two failures');
  assert.ok(await refuses(port));
  assert.instance(error, AggregateError);
  const aggregate = error as AggregateError;
  assert.match(aggregate.message, /^app\.close\(\) ran every step, but 2 failed: FirstClosing\.onAppClose\(\) \(closing\.ts:\d+:\d+\) failed: FirstClosing could not flush; SecondClosing\.onAppClose\(\)/);
  assert.equal(
    aggregate.errors.map((e: Error) => (e.cause as Error).message),
    ['FirstClosing could not flush', 'SecondClosing could not flush'],
  );
});

test('one rejecting hook: that error, naming the hook, with the original as cause', async () => {
  const { app } = await started();
  closing.failing.add('SecondClosing');
  const error = (await app.close().catch((e: unknown) => e)) as Error;
  assert.not.instance(error, AggregateError);
  assert.match(error.message, /^app\.close\(\): SecondClosing\.onAppClose\(\) \(closing\.ts:\d+:\d+\) failed: SecondClosing could not flush$/);
  assert.is((error.cause as Error).message, 'SecondClosing could not flush');
  assert.equal(closing.ran, allHooks);
});

test('close() twice at once runs the hooks once', async () => {
  const { app } = await started();
  await Promise.all([app.close(), app.close()]);
  assert.equal(closing.ran, allHooks);
});

test('an onAppClose hook that never finishes fails after shutdownTimeoutMs; the next hooks still run and close() settles', async () => {
  const { app, port } = await started({ shutdownTimeoutMs: 200 });
  closing.hanging.add('FirstClosing');
  const error = (await within(app.close().catch((e: unknown) => e), 3000, 'app.close()')) as Error;
  assert.equal(closing.ran, allHooks);
  assert.match(error.message, /^app\.close\(\): FirstClosing\.onAppClose\(\) \(closing\.ts:\d+:\d+\) failed: it did not finish within 200 ms \(shutdownTimeoutMs\)$/);
  assert.ok(await refuses(port));
});

test.run();
