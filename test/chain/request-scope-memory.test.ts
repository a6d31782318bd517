// Request-scoped instances are released after every call: heap does not grow over 100 000 calls.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { Counters } from './fixtures/app/src/scoped.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));

async function calls(app: FrameworkApplication, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await app.fetch(new Request('http://in-process/scoped'));
    if (response.status !== 200) throw new Error(`call ${i} answered ${response.status}`);
    await response.arrayBuffer();
  }
}

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

test('100 000 calls of a request-scoped route leave no instances behind', async () => {
  const app = await new FrameworkApplication(tables).init(AppModule);
  await calls(app, 5_000); // warm up: JIT, caches
  const before = heapAfterGc();
  await calls(app, 100_000);
  const growth = heapAfterGc() - before;
  assert.is(app.get<Counters>(Counters).requestScopedCreated, 105_000);
  // 100 000 retained scopes would hold several tens of MB; allow noise well below that.
  assert.ok(growth < 5 * 1024 * 1024, `heap grew by ${(growth / 1024 / 1024).toFixed(1)} MiB`);
  await app.close();
});

test.run();
