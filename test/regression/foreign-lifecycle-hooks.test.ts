// Regression: a singleton written for NestJS (`onModuleInit`, `onModuleDestroy`, …) had its hooks
// never called, silently: a ported service started without connecting and stopped without
// closing. init now warns, naming the provider, the method and the hook to name it instead.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/core-edges/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/core-edges/', import.meta.url));

test('init warns of each NestJS hook a singleton has without the framework\'s own', async () => {
  const warnings: string[] = [];
  const logger: Logger = { error: () => undefined, warn: (message) => void warnings.push(message), log: () => undefined };
  const app = await new FrameworkApplication(tables, { logger }).init(AppModule);
  await app.close();
  assert.equal(
    warnings.map((warning) => warning.replace(/\(providers\.ts:\d+:\d+\)/, '(providers.ts)')),
    [
      'NestStyleService (providers.ts) has onModuleInit(), which is never called: name it onAppBootstrap().',
      'NestStyleService (providers.ts) has onModuleDestroy(), which is never called: name it onAppClose().',
    ],
  );
});

test.run();
