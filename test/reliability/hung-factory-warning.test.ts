// An async factory whose promise never settles used to leave `app.init()` waiting without a word
// until `close()`. Now init warns once per such factory, after `slowFactoryWarningMs`, naming its
// token, its module and where it is written, and goes on waiting as before: a slow factory that
// settles later still gives a working application.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/hung-factory/src/app.module.js';
import { factories, releaseHung } from './fixtures/hung-factory/src/database.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/hung-factory/', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps what it is given, as an application's own logger would. */
function recording(): Logger & { readonly warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, error: () => undefined, warn: (message) => void warnings.push(message), log: () => undefined };
}

/** Where init stands, read without waiting for it. */
function watched(init: Promise<unknown>): { state: 'running' | 'done' | 'failed' } {
  const status = { state: 'running' as 'running' | 'done' | 'failed' };
  init.then(
    () => (status.state = 'done'),
    () => (status.state = 'failed'),
  );
  return status;
}

test.before.each(() => {
  Object.assign(factories, { DATABASE: 'quick', CACHE: 'quick', slowMs: 300 });
});
test.after.each(() => releaseHung());

test('a factory that never settles: one warning names its token and module after the delay; init still waits', async () => {
  factories.DATABASE = 'hang';
  const logger = recording();
  const app = new FrameworkApplication(tables, { logger, slowFactoryWarningMs: 100, shutdownTimeoutMs: 100 });
  const init = watched(app.init(AppModule));
  await sleep(50);
  assert.equal(logger.warnings, [], 'nothing before the delay');
  await sleep(350);
  assert.is(logger.warnings.length, 1, 'one warning, not one per delay');
  assert.match(
    logger.warnings[0]!,
    /^app\.init\(\) is still waiting, after 100 ms, for the async factory of 'DATABASE' in DatabaseModule \(database\.module\.ts:\d+:\d+\): its promise has not settled\. init goes on waiting; .* slowFactoryWarningMs/,
  );
  assert.is(init.state, 'running');
  // What close() said of it before is unchanged.
  const closing = await app.close().catch((error: unknown) => error as Error);
  assert.match(String(closing), "waiting for 'DATABASE' (database.module.ts:");
  assert.is(logger.warnings.length, 1);
});

test('slow factories that settle after the delay: each named once, and the application starts and serves', async () => {
  Object.assign(factories, { DATABASE: 'slow', CACHE: 'slow', slowMs: 250 });
  const logger = recording();
  const app = new FrameworkApplication(tables, { logger, slowFactoryWarningMs: 100 });
  await app.init(AppModule);
  try {
    assert.equal(logger.warnings.map((w) => /factory of ('\w+')(?: in (\w+))?/.exec(w)!.slice(1)).sort(), [["'CACHE'", 'AppModule'], ["'DATABASE'", 'DatabaseModule']]);
    const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
    assert.is(await (await fetch(`${base}/ping`)).text(), 'DATABASE CACHE');
    await sleep(250);
    assert.is(logger.warnings.length, 2, 'no warning once the factories settled');
  } finally {
    await app.close();
  }
});

test('no warning for factories that settle in time, nor with slowFactoryWarningMs: 0', async () => {
  for (const [behaviour, warningMs] of [['quick', 100], ['slow', 0]] as const) {
    Object.assign(factories, { DATABASE: behaviour, CACHE: behaviour, slowMs: 200 });
    const logger = recording();
    const app = new FrameworkApplication(tables, { logger, slowFactoryWarningMs: warningMs });
    await app.init(AppModule);
    await app.close();
    assert.equal(logger.warnings, [], `${behaviour}, slowFactoryWarningMs: ${warningMs}`);
  }
});

test('no warning once close() began: it names what init still waits for itself', async () => {
  factories.DATABASE = 'hang';
  const logger = recording();
  const app = new FrameworkApplication(tables, { logger, slowFactoryWarningMs: 200, shutdownTimeoutMs: 50 });
  const init = watched(app.init(AppModule));
  await sleep(20);
  assert.match(String(await app.close().catch((error: unknown) => error)), "waiting for 'DATABASE'");
  await sleep(400);
  assert.is(init.state, 'running');
  assert.equal(logger.warnings, []);
});

test('slowFactoryWarningMs must be a whole number of milliseconds setTimeout can wait', () => {
  for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '100' as unknown as number]) {
    assert.throws(() => new FrameworkApplication(tables, { slowFactoryWarningMs: bad }), (error: Error) => error instanceof TypeError && error.message.includes('slowFactoryWarningMs must be'), String(bad));
  }
});

test('with the default logger (console), the warning reaches stderr while init waits', async () => {
  const main = fileURLToPath(new URL('./fixtures/hung-factory/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  const warned = new Promise<void>((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('slowFactoryWarningMs')) resolve();
    });
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
  await Promise.race([warned, exited]);
  child.kill('SIGKILL');
  await exited;
  clearTimeout(timer);
  assert.match(stderr, /still waiting, after 200 ms, for the async factory of 'DATABASE' in DatabaseModule \(database\.module\.ts:\d+:\d+\)/);
  assert.match(stdout, 'starting');
  assert.not.match(stdout, 'initialised');
});

test.run();
