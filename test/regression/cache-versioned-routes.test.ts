// Regression: the CacheInterceptor keyed answers by URL alone, and under header or media-type
// versioning two handlers answer one URL: the first version's cached answer was served to callers
// asking for the other. A versioned route's answers are now kept under the route as well.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/core-edges/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/core-edges/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

test('header versioning: each version gets its own handler\'s answer, cached apart', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet, versioning: { type: 'header' } }).init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  try {
    const get = async (version: string) => (await fetch(`http://127.0.0.1:${port}/versioned/items`, { headers: { 'x-api-version': version } })).json();
    // Concurrent first calls too: the in-flight miss of one version is not another's answer.
    assert.equal(await Promise.all([get('1'), get('2')]), [{ version: 1 }, { version: 2 }]);
    assert.equal(await get('2'), { version: 2 });
    assert.equal(await get('1'), { version: 1 });
  } finally {
    await app.close();
  }
});

test('media-type versioning: the same', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet, versioning: { type: 'media-type' } }).init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  try {
    const get = async (version: string) => (await fetch(`http://127.0.0.1:${port}/versioned/items`, { headers: { accept: `application/json;v=${version}` } })).json();
    assert.equal(await get('2'), { version: 2 });
    assert.equal(await get('1'), { version: 1 });
  } finally {
    await app.close();
  }
});

test.run();
