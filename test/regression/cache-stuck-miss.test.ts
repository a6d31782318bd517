// Regression: the CacheInterceptor has the calls that arrive during a miss wait for it, and they
// waited without end: one call stuck on its own (a hung connection) held every later caller of
// the same URL, though each would have been answered by the handler itself. They now wait at most
// the route's ttl (an answer older would not be served anyway), then run the handler.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/core-edges/src/app.module.js';
import { releaseStuck } from './fixtures/core-edges/src/edges.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/core-edges/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

test('a stuck miss holds the callers of its URL no longer than the ttl', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet, shutdownTimeoutMs: 100 }).init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  try {
    const get = () => fetch(`http://127.0.0.1:${port}/stuck`, { signal: AbortSignal.timeout(3000) }).then((response) => response.json());
    const first = get();
    first.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const later = await Promise.all([get(), get()]);
    const took = Date.now() - started;
    assert.equal(later.map((answer) => typeof (answer as { call: unknown }).call), ['number', 'number'], 'each later caller is answered');
    assert.ok(took >= 200 && took < 2000, `answered once the 300 ms ttl passed, after ${took} ms`);
    releaseStuck();
    assert.equal(await first, { call: 1 });
  } finally {
    releaseStuck();
    await app.close();
  }
});

test.run();
