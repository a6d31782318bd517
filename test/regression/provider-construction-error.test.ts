// Regression: a provider constructor that threw during init (or, for a request-scoped provider,
// during a call) surfaced its bare error, naming no provider: with many providers there was no
// telling which one failed; so did an onAppBootstrap hook. The error now names the provider and
// where it is declared, with the original as its cause.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/provider-construction-error/src/app.module.js';
import { failures } from './fixtures/provider-construction-error/src/providers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/provider-construction-error/', import.meta.url));
const logged: unknown[][] = [];
const logger: Logger = { error: (...args) => void logged.push(args), warn: () => undefined, log: () => undefined };

test.before.each(() => {
  delete failures.settings;
  delete failures.audit;
  delete failures.bootstrap;
  logged.length = 0;
});

test('a singleton whose constructor throws: init fails naming it and its source, with the cause', async () => {
  const original = new Error('SETTINGS_PATH is not set');
  failures.settings = original;
  const error = (await new FrameworkApplication(tables, { logger }).init(AppModule).catch((e: unknown) => e)) as Error;
  assert.instance(error, Error);
  assert.match(error.message, /^Creating SettingsService \(providers\.ts:\d+:\d+\) failed: SETTINGS_PATH is not set$/);
  assert.is(error.cause, original);
});

test('a thrown value that is not an Error is still named', async () => {
  failures.settings = 'no settings file';
  const error = (await new FrameworkApplication(tables, { logger }).init(AppModule).catch((e: unknown) => e)) as Error;
  assert.match(error.message, /^Creating SettingsService \(providers\.ts:\d+:\d+\) failed: no settings file$/);
  assert.is(error.cause, 'no settings file');
});

test('an onAppBootstrap hook that rejects: init fails naming the provider and its source, with the cause', async () => {
  const original = new Error('the settings file is missing');
  failures.bootstrap = original;
  const app = new FrameworkApplication(tables, { logger });
  const error = (await app.init(AppModule).catch((e: unknown) => e)) as Error;
  assert.match(error.message, /^SettingsService\.onAppBootstrap\(\) \(providers\.ts:\d+:\d+\) failed: the settings file is missing$/);
  assert.is(error.cause, original);
  await app.close();
});

test('a request-scoped provider whose constructor throws: a 500, and the logged error names it', async () => {
  const app = await new FrameworkApplication(tables, { logger }).init(AppModule);
  assert.equal(await (await app.fetch(new Request('http://in-process/audit'))).json(), { path: '/etc/app' });
  const original = new Error('audit log is full');
  failures.audit = original;
  const response = await app.fetch(new Request('http://in-process/audit'));
  assert.is(response.status, 500);
  const error = logged.flat().find((entry): entry is Error => entry instanceof Error);
  assert.ok(error, `an error was logged: ${JSON.stringify(logged)}`);
  assert.match(error.message, /^Creating RequestAudit \(providers\.ts:\d+:\d+\) failed: audit log is full$/);
  assert.is(error.cause, original);
  await app.close();
});

test.run();
