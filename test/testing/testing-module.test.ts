// @framework/testing on a fixture app: overrides by token, in process and over a socket.
import type { ExecutionContext } from '@framework/core';
import { Test } from '@framework/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DenyGuard, TeapotFilter, stampMiddleware } from './fixtures/app/src/app.module.js';
import { CLOCK, Greeter, SystemClock } from './fixtures/app/src/services.js';
import { fixtureTables } from './fixture.js';

const tables = await fixtureTables();
const open = { 'x-let-me-in': 'yes' };
const frozen = { now: () => 1000 };

test('an overridden provider reaches every consumer of its token: the second service, the alias and the factory', async () => {
  const t = await Test.createTestingModule(tables).overrideProvider(SystemClock).useValue(frozen).compile();
  assert.is(t.get(SystemClock), frozen);
  assert.is(t.get<Greeter>(Greeter).greet('x'), 'hello x at 1000', 'Greeter, which depends on SystemClock, got the replacement');
  assert.is(t.get(CLOCK), frozen, 'the useExisting alias of SystemClock too');
  const response = await t.request('/fixture/greet', { headers: open });
  assert.equal(await response.json(), { message: 'hello tester at 1000', database: 'db://greeting-Object', aliasNow: 1000, greeting: 'greeting-Object' });
  await t.close();
});

test('string tokens are replaced like class tokens; useFactory replacements get their inject instances', async () => {
  const t = await Test.createTestingModule(tables)
    .overrideProvider('GREETING').useFactory({ factory: (clock: SystemClock) => `stub at ${clock.now()}`, inject: [SystemClock] })
    .overrideProvider(SystemClock).useValue(frozen)
    .compile();
  assert.is(t.get('GREETING'), 'stub at 1000');
  assert.is((await (await t.request('/fixture/greet', { headers: open })).json() as { database: string }).database, 'db://stub at 1000', 'the async factory downstream got the replaced string');
  await t.close();
});

test('overrideGuard replaces the guard on every route that names it', async () => {
  const plain = await Test.createTestingModule(tables).compile();
  assert.is((await plain.request('/fixture/greet')).status, 403, 'the real guard refuses without the header');
  await plain.close();
  const t = await Test.createTestingModule(tables).overrideGuard(DenyGuard).useValue({ canActivate: () => true }).compile();
  assert.is((await t.request('/fixture/greet')).status, 200);
  await t.close();
});

test('overrideMiddleware swaps a middleware function; overrideFilter keeps the @Catch of the original', async () => {
  const replacement = (context: ExecutionContext, next: () => Promise<unknown>) => {
    context.setResponseHeader('x-stamp', 'replaced');
    return next();
  };
  const t = await Test.createTestingModule(tables)
    .overrideMiddleware(stampMiddleware).useValue(replacement)
    .overrideFilter(TeapotFilter).useValue({ catch: () => new Response('replaced filter', { status: 418 }) })
    .compile();
  const greet = await t.request('/fixture/greet', { headers: open });
  assert.is(greet.headers.get('x-stamp'), 'replaced');
  const teapot = await t.request('/fixture/teapot', { headers: open });
  assert.is(teapot.status, 418);
  assert.is(await teapot.text(), 'replaced filter');
  await t.close();
});

test('the global guard slot and classes created by useClass', async () => {
  class AllowAll {
    canActivate(): boolean {
      return true;
    }
  }
  const t = await Test.createTestingModule(tables).overrideGuard(DenyGuard).useClass(AllowAll).compile();
  assert.instance(t.get(DenyGuard), AllowAll);
  assert.is((await t.request('/fixture/greet')).status, 200);
  await t.close();
  const error = await Promise.resolve()
    .then(() => Test.createTestingModule(tables).overrideGlobalGuard().useValue({ canActivate: () => true }).compile())
    .then(() => undefined, (e: Error) => e);
  assert.ok(error, 'the fixture declares no GLOBAL_GUARD');
  assert.match(error!.message, 'overrideGlobalGuard(Symbol(GLOBAL_GUARD))');
});

test('an override of a token the tables do not contain is an error naming the token', async () => {
  class NotProvided {}
  for (const [build, name] of [
    [() => Test.createTestingModule(tables).overrideProvider(NotProvided).useValue({}), 'overrideProvider(NotProvided)'],
    [() => Test.createTestingModule(tables).overrideProvider('NOPE').useValue({}), 'overrideProvider("NOPE")'],
    [() => Test.createTestingModule(tables).overrideMiddleware(() => undefined).useValue(() => undefined), 'overrideMiddleware((anonymous function))'],
  ] as const) {
    const error = await build().compile().then(() => undefined, (e: Error) => e);
    assert.ok(error, name);
    assert.is(error!.message.startsWith(`${name}: the application of AppModule has no provider`), true, error!.message);
  }
});

test('t.request sends JSON bodies and returns the Response; t.listen serves the same app over a socket', async () => {
  const t = await Test.createTestingModule(tables).overrideProvider(SystemClock).useValue(frozen).compile();
  const missing = await t.request('/nowhere', { method: 'POST', body: { a: 1 } });
  assert.is(missing.status, 404);
  assert.equal(await missing.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
  const port = await t.listen(0, '127.0.0.1');
  const overSocket = await fetch(`http://127.0.0.1:${port}/fixture/greet`, { headers: open });
  const inProcess = await t.request('/fixture/greet', { headers: open });
  assert.is(overSocket.status, inProcess.status);
  assert.equal(await overSocket.json(), await inProcess.json());
  await t.close();
});

test.run();
