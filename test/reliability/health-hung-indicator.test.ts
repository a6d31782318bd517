// An indicator whose check ignores its abort signal and never returns: readiness answers 503
// "timed out" while the dependency is down, and 200 again once it recovers, although the hung call
// never settles (it is abandoned after its timeout twice over, and a new check starts). Liveness
// stays 200 throughout, and a hung dependency is never pinged once per probe.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../health/fixtures/app/src/app.module.js';
import { FakeDatabase } from '../health/fixtures/app/src/database.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../health/fixtures/app/', import.meta.url), 'AppModule', 'generated-hung');
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a hung check that never returns does not keep readiness down after its dependency recovered', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  const status = async (path: string) => (await fetch(`${base}${path}`)).status;
  try {
    const database = app.get<FakeDatabase>(FakeDatabase);
    database.mode = 'hang';
    assert.is(await status('/health/ready'), 503);
    // Probes while every call hangs (timeout 200 ms) for 3 s, past the four abandoned calls after
    // which each further one waits twice as long: answered at once, and pings stay few.
    const started = performance.now();
    let probes = 0;
    while (performance.now() - started < 3000) {
      assert.is(await status('/health/ready'), 503);
      probes++;
      await sleep(20);
    }
    assert.ok(database.pings <= 7, `${database.pings} pings for ${probes} probes in 3 s`);
    assert.is(await status('/health/live'), 200);
    // The dependency recovers; the first call stays hung forever (`release()` is never called).
    database.mode = 'up';
    let ready = 0;
    for (let waited = 0; waited < 5000 && ready !== 200; waited += 50) {
      ready = await status('/health/ready');
      if (ready !== 200) await sleep(50);
    }
    assert.is(ready, 200, 'ready again, though five hung calls never returned');

  } finally {
    await app.close();
  }
});

test.run();
