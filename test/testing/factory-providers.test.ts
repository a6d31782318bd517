// Factory, async factory and alias providers, string and symbol tokens, run by the real runtime
// from tables the compiler built.
import { FrameworkApplication } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppModule } from './fixtures/app/src/app.module.js';
import { CLOCK, Database, Greeter, SystemClock } from './fixtures/app/src/services.js';
import { fixtureTables } from './fixture.js';

const tables = await fixtureTables();

test('an async factory is awaited at init, after its dependencies; factories get the inject instances in order', async () => {
  const app = await new FrameworkApplication(tables).init(AppModule);
  const database = app.get<Database>('DATABASE');
  assert.instance(database, Database, 'the resolved value, not a promise');
  assert.is(database.url, 'db://greeting-SystemClock', "inject: ['GREETING', SystemClock] reached the factory in that order");
  assert.is(app.get<string>('GREETING'), 'greeting-SystemClock');
  const response = await app.fetch(new Request('http://local/fixture/greet', { headers: { 'x-let-me-in': 'yes' } }));
  assert.is(response.status, 200);
  const body = (await response.json()) as { database: string; greeting: string };
  assert.is(body.database, 'db://greeting-SystemClock', 'the controller received the instance through @Inject(\'DATABASE\')');
  assert.is(body.greeting, 'greeting-SystemClock');
  await app.close();
});

test('useExisting hands over the same instance under a symbol token', async () => {
  const app = await new FrameworkApplication(tables).init(AppModule);
  assert.is(app.get(CLOCK), app.get(SystemClock));
  assert.instance(app.get(Greeter), Greeter);
  await app.close();
});

test('a factory that rejects stops init with the provider and where it is declared', async () => {
  process.env.FAIL_DATABASE = 'db.internal:5432';
  try {
    const app = new FrameworkApplication(tables);
    const error = await app.init(AppModule).then(() => undefined, (e: unknown) => e as Error);
    assert.ok(error, 'init failed');
    assert.is(error!.message, "Creating 'DATABASE' (app.module.ts:62:5) failed: cannot reach db.internal:5432");
    assert.is((error!.cause as Error).message, 'cannot reach db.internal:5432');
    assert.throws(() => app.get('DATABASE'), /^'DATABASE' \(app\.module\.ts:62:5\) was not created: app\.init\(\) failed before it/);
    await app.close();
  } finally {
    delete process.env.FAIL_DATABASE;
  }
});

test('debug.providers logs the time each provider took, the async factory marked and slowest first', async () => {
  const lines: string[] = [];
  const logger = { log: (m: string) => lines.push(m), warn: () => undefined, error: () => undefined };
  const app = await new FrameworkApplication(tables, { logger, debug: { providers: true } }).init(AppModule);
  await app.close();
  assert.is(lines.length, 1, lines.join('\n'));
  assert.match(lines[0]!, /^init: providers created in [\d.]+ ms; 'DATABASE' \(async\) [\d.]+ ms \(app\.module\.ts:62:5\), /);
  const ms = Number(/'DATABASE' \(async\) ([\d.]+) ms/.exec(lines[0]!)![1]);
  assert.ok(ms >= 15, `the awaited part counts: ${ms} ms`);
});

test('without debug, init logs nothing', async () => {
  const lines: string[] = [];
  const app = await new FrameworkApplication(tables, { logger: { log: (m) => lines.push(m), warn: () => undefined, error: () => undefined } }).init(AppModule);
  await app.close();
  assert.equal(lines, []);
});

test.run();
