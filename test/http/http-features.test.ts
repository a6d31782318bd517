// Foundation behaviours of the HTTP runtime, through a fixture app compiled by framework-build.
import { FrameworkApplication, Module, StaleTablesError, type ApplicationTables, type Logger } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));

const logged: unknown[][] = [];
const capture: Logger = { error: (...args) => void logged.push(args), warn: () => undefined, log: () => undefined };

const http = suite<{ app: FrameworkApplication; base: string }>('HTTP runtime');

http.before(async (context) => {
  context.app = await new FrameworkApplication(tables, { logger: capture }).init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0)}`;
});
http.after(async ({ app }) => app.close());

http('a string is text/plain, undefined an empty body, a Response is sent as is, a promise is awaited', async ({ base }) => {
  const text = await fetch(`${base}/features/text`);
  assert.match(text.headers.get('content-type') ?? '', 'text/plain');
  assert.is(await text.text(), 'plain words');

  const nothing = await fetch(`${base}/features/nothing`);
  assert.is(nothing.status, 200);
  assert.is(await nothing.text(), '');

  const response = await fetch(`${base}/features/response`);
  assert.is(response.status, 203);
  assert.is(response.headers.get('content-type'), 'text/html');
  assert.is(await response.text(), '<p>as is</p>');

  assert.equal(await (await fetch(`${base}/features/async`)).json(), { waited: true });
});

http('@HttpCode sets the success status', async ({ base }) => {
  const created = await fetch(`${base}/features/created`, { method: 'POST' });
  assert.is(created.status, 201);
  assert.equal(await created.json(), { made: true });
  assert.is((await fetch(`${base}/features/gone`, { method: 'DELETE' })).status, 204);
});

http('@Query(), @Query(name), @Header(name), @Header(), @Req() and several :params', async ({ base }) => {
  assert.equal(await (await fetch(`${base}/features/query?page=2&sort=asc`)).json(), { all: { page: '2', sort: 'asc' }, page: '2' });
  assert.equal(await (await fetch(`${base}/features/query`)).json(), { all: {}, page: null });
  const headers = await fetch(`${base}/features/headers`, { headers: { 'x-one': 'first', 'x-two': 'second' } });
  assert.equal(await headers.json(), { one: 'first', two: 'second', viaRaw: 'first', viaHeader: 'second', path: '/features/headers' });
  assert.equal(await (await fetch(`${base}/features/users/7/posts/42`)).json(), { userId: '7', postId: '42' });
});

http('@All answers every method', async ({ base }) => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    assert.is(await (await fetch(`${base}/features/any`, { method })).text(), method);
  }
});

http('nested DTOs are hydrated and validated; reasons name parent.child and carry the rule arguments', async ({ base }) => {
  const post = (body: unknown) => fetch(`${base}/features/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const ok = await post({ customer: 'ada', address: { street: 'Main St' }, items: [{ quantity: 2 }] });
  assert.equal(await ok.json(), { customer: 'ada', street: 'Main St', quantities: [2], isDto: true });

  const bad = await post({ customer: 'ada', address: { street: 'x' }, items: [{ quantity: 0 }, { quantity: 1.5 }] });
  assert.is(bad.status, 400);
  const reasons = ((await bad.json()) as { reasons: { property: string; constraints: unknown[] }[] }).reasons;
  assert.equal(
    reasons.map((r) => [r.property, r.constraints]),
    [['address.street', [3]], ['items.0.quantity', [1]], ['items.1.quantity', []]],
  );
});

http('a chunked body (no Content-Length) over the limit is a 413; a small one is read', async ({ base }) => {
  const chunked = (text: string) =>
    fetch(`${base}/features/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
  const small = await chunked(JSON.stringify({ customer: 'ada', address: { street: 'Main St' }, items: [{ quantity: 1 }] }));
  assert.is(small.status, 200);
  const huge = await chunked(JSON.stringify({ customer: 'x'.repeat(1024 * 1024 + 1) }));
  assert.is(huge.status, 413);
  assert.is(((await huge.json()) as { name: string }).name, 'BodyTooLargeException');
});

http('members without decorators are stripped from the DTO the handler sees', async ({ base }) => {
  const response = await fetch(`${base}/features/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer: 'ada', address: { street: 'Main St' }, items: [{ quantity: 1 }], isAdmin: true }),
  });
  assert.is(response.status, 200);
});

http('HttpException sends its status and message; built-ins their fixed message', async ({ base }) => {
  const custom = await fetch(`${base}/features/custom`);
  assert.is(custom.status, 409);
  assert.equal(await custom.json(), { status: 409, name: 'HttpException', message: 'A todo with this name exists already' });
  const teapot = await fetch(`${base}/features/teapot`);
  assert.equal(await teapot.json(), { status: 418, name: 'ImATeapotException', message: "I'm a teapot" });
});

http('any other error is a 500 without details, logged with its stack', async ({ base }) => {
  logged.length = 0;
  const response = await fetch(`${base}/features/crash`);
  assert.is(response.status, 500);
  const text = await response.text();
  assert.not.match(text, 'hunter2');
  assert.equal(JSON.parse(text), { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' });
  assert.is(logged.length, 1);
  assert.match(String(logged[0]![0]), 'FeaturesController.crash');
  assert.match((logged[0]![1] as Error).stack ?? '', 'hunter2');
});

http('two applications in one process share no instance', async ({ app, base }) => {
  const other = await new FrameworkApplication(tables).init(AppModule);
  const otherBase = `http://127.0.0.1:${await other.listen(0)}`;
  const first = ((await (await fetch(`${base}/features/count`)).json()) as { count: number }).count;
  assert.equal(await (await fetch(`${otherBase}/features/count`)).json(), { count: 1 });
  assert.equal(await (await fetch(`${base}/features/count`)).json(), { count: first + 1 });
  assert.is.not(other.get(tables.providers[0]!.token), app.get(tables.providers[0]!.token));
  await other.close();
});

http('close() lets an in-flight request finish', async () => {
  const app = await new FrameworkApplication(tables).init(AppModule);
  const port = await app.listen(0);
  const inFlight = fetch(`http://127.0.0.1:${port}/features/slow`);
  // Long enough for the request to reach the handler, well inside its 300 ms.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closing = app.close();
  assert.equal(await (await inFlight).json(), { finished: true });
  await closing;
  try {
    await fetch(`http://127.0.0.1:${port}/features/text`);
    assert.unreachable('the server should not accept connections after close()');
  } catch (error) {
    assert.instance(error, TypeError);
  }
});

http('a port that is no TCP port (Number(PORT) of PORT=abc) is refused saying what came; digits as text are a port', async () => {
  const app = await new FrameworkApplication(tables).init(AppModule);
  try {
    for (const [port, got] of [[Number('abc'), 'NaN'], [70000, '70000'], [1.5, '1.5'], ['eighty', '"eighty"']] as const) {
      const refused = await app.listen(port as number).then(() => 'listening', (error: Error) => error);
      assert.instance(refused, TypeError, String(port));
      assert.match((refused as Error).message, `app.listen: the port must be a whole number from 0 to 65535 (0 picks a free one); got ${got}`);
    }
    const port = await app.listen('0' as unknown as number, '127.0.0.1');
    assert.is((await fetch(`http://127.0.0.1:${port}/features/text`)).status, 200);
  } finally {
    await app.close();
  }
});

const stale = suite('stale or missing tables');

stale('init with tables built for another root module fails and names framework-build', async () => {
  @Module({})
  class OtherModule {}
  const error = await new FrameworkApplication(tables).init(OtherModule).catch((e: unknown) => e);
  assert.instance(error, StaleTablesError);
  assert.match((error as Error).message, 'built for root module AppModule, not OtherModule');
  assert.match((error as Error).message, 'framework-build');
});

stale('init fails when the code declares a route the tables lack', async () => {
  const missing: ApplicationTables = { ...tables, routes: tables.routes.filter((r) => r.name !== 'FeaturesController.text') };
  const error = await new FrameworkApplication(missing).init(AppModule).catch((e: unknown) => e);
  assert.instance(error, StaleTablesError);
  assert.match((error as Error).message, 'GET /features/text');
});

stale('init without tables says how to get them', async () => {
  const error = await new FrameworkApplication().init(AppModule).catch((e: unknown) => e);
  assert.instance(error, StaleTablesError);
  assert.match((error as Error).message, 'new FrameworkApplication(tables)');
});

http.run();
stale.run();

const lifecycle = suite('application lifecycle');

lifecycle('global middleware or filters registered after init are refused, not ignored', async () => {
  const app = await new FrameworkApplication(tables).init(AppModule);
  assert.throws(() => app.useGlobalMiddleware((_context, next) => next()), /after init\(\)/);
  assert.throws(() => app.useGlobalFilters({ catch: () => undefined }), /after init\(\)/);
  await app.close();
});

lifecycle.run();
