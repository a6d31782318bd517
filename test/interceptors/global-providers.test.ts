// GLOBAL_INTERCEPTOR entries of every kind the runtime supports: useValue (a configured built-in),
// useClass request-scoped (fresh per call), useClass from an imported module (prepared at init).
import { FrameworkApplication, GLOBAL_INTERCEPTOR, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { RouteStamp } from './fixtures/app/src/stamps.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

test('every GLOBAL_INTERCEPTOR entry is in the tables, in module order (root module first, then its imports)', () => {
  const names = (tables.globalInterceptors ?? []).map((index) => tables.providers[index]!.name);
  assert.equal(names, ['GLOBAL_INTERCEPTOR', 'GLOBAL_INTERCEPTOR (RequestStamp)', 'GLOBAL_INTERCEPTOR (RouteStamp)']);
  assert.is(tables.providers.filter((p) => p.token === GLOBAL_INTERCEPTOR).length, 3);
});

test('they run in that order; a request-scoped one is fresh per call; a route-aware one was prepared at init', async () => {
  RouteStamp.prepared.length = 0;
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  assert.equal([...RouteStamp.prepared].sort(), ['PingController:PingController.fast', 'PingController:PingController.slow']);
  const first = await app.fetch(new Request('http://local/fast'));
  const second = await app.fetch(new Request('http://local/fast'));
  assert.is(await first.text(), 'ok');
  assert.is(first.headers.get('x-order'), 'route-stamp,request-stamp', 'the inner (imported) interceptor ran before the outer one saw the result');
  assert.is(Number(second.headers.get('x-stamp')), Number(first.headers.get('x-stamp')) + 1);
  await app.close();
});

test('a configured built-in given with useValue applies its own settings: a 40 ms deadline', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  const response = await app.fetch(new Request('http://local/slow'));
  assert.is(response.status, 503);
  assert.equal(await response.json(), { status: 503, name: 'HandlerTimeoutException', message: 'The handler did not answer within 40 ms' });
  await app.close();
});

test.run();
