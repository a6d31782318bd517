// What an HTTP route prepares at init and what it leaves for its first request: a chain of the
// handler alone (nothing to check) and the body steps of a compiled DTO wait; a chain with a guard
// is prepared at init, so a guard's `prepareRoute` still refuses a route before the first request.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// The runtime's own sources (the internals under test are not exported), types included, so that one copy is compared.
import type { DtoEntry, HttpRouteEntry, ProviderEntry } from '../../runtime/core/src/contract/tables.js';
import type { PreparedHandler } from '../../runtime/core/src/chain/call.js';
import { Injector } from '../../runtime/core/src/di/injector.js';
import { chainAddsNothing, prepareHandler, type GlobalChain } from '../../runtime/core/src/chain/pipeline.js';
import { HttpRoute, type RouteChain } from '../../runtime/core/src/http/http-route.js';
import { routeStage } from '../../runtime/core/src/http/pipeline/route-stage.js';

class ItemController {
  create(dto: object): object {
    return dto;
  }
}
class ItemDto {}

const dto: DtoEntry = {
  dto: ItemDto,
  members: ['name'],
  validate: (value, path, reasons) => {
    if (typeof value['name'] !== 'string') reasons.push({ property: `${path}name`, errorMessage: 'name must be a string', constraints: [] });
    return Object.assign(Object.create(ItemDto.prototype) as object, value);
  },
};

const route = (extra: Partial<HttpRouteEntry> = {}): HttpRouteEntry =>
  ({
    id: 1, name: 'ItemController.create', controller: 0, handler: ItemController.prototype.create, invoke: (c: ItemController, a: { body: unknown }) => c.create(a.body as object),
    guards: [], middleware: [], filters: [], annotations: {}, source: 'items.controller.ts:3:1',
    method: 'POST', path: '/items/:shelf/:id', body: dto, readsBody: true, status: 201, ...extra,
  }) as unknown as HttpRouteEntry;

const noGlobals: GlobalChain = { interceptorProviders: [], interceptors: [], middleware: [], filters: [] };

test('a chain of the handler alone is prepared on the first use of the route, once, not when the route is built', () => {
  let prepared = 0;
  const handler: PreparedHandler = async () => 'answer';
  const chain = (): RouteChain => (prepared++, { run: handler, bare: handler });
  const built = new HttpRoute(route(), ItemController, chain);
  assert.is(prepared, 0, 'nothing prepared at construction');
  assert.is(built.run, handler);
  assert.is(built.bare, handler);
  assert.ok(built.servesBareBody);
  assert.is(prepared, 1, 'prepared once for run, bare and servesBareBody together');
});

test('a prepared chain is used as given; without a bare handler the body route goes through the chain', () => {
  const run: PreparedHandler = async () => 'chained';
  const built = new HttpRoute(route(), ItemController, { run, bare: undefined });
  assert.is(built.run, run);
  assert.not.ok(built.servesBareBody);
});

test('the body steps of a compiled DTO, made on first use, answer as at init: parse, check, validate, parameter names', async () => {
  const built = new HttpRoute(route(), ItemController, { run: async () => undefined, bare: undefined });
  assert.equal(built.paramNames, ['shelf', 'id']);
  assert.is(built.paramNames, built.paramNames, 'made once');
  assert.is(built.parseJson, built.parseJson, 'made once');
  const reasons: { property: string }[] = [];
  const checked = built.checkedBody('POST', 'application/json', '{"name":1}', reasons as never);
  assert.ok(checked instanceof ItemDto);
  assert.equal(reasons.map((r) => r.property), ['name']);
  assert.throws(() => built.parseJson('POST', 'text/plain', '{}'), /Content-Type: application\/json/);
  await assert.not.throws(() => built.validate!({ name: 'shelf' }));
  try {
    await built.validate!({ name: 2 });
    assert.unreachable('an invalid body is refused');
  } catch (error) {
    assert.match(String((error as Error).message), /Bad Request|name must be a string|Validation/i);
  }
});

test('chainAddsNothing: true for the handler alone, false with a guard of the route or of the application', () => {
  const providers: ProviderEntry[] = [
    { token: ItemController, name: 'ItemController', scope: 'singleton', deps: [], create: () => new ItemController(), useClass: ItemController, source: 'x' },
    { token: 'GUARD', name: 'Guard', scope: 'singleton', deps: [], create: () => ({ canActivate: () => true }), source: 'y' },
  ];
  const injector = new Injector(providers);
  assert.ok(chainAddsNothing(route(), injector, noGlobals));
  assert.not.ok(chainAddsNothing(route({ guards: [1] } as Partial<HttpRouteEntry>), injector, noGlobals));
  assert.not.ok(chainAddsNothing(route(), injector, { ...noGlobals, guard: 1 }));
  assert.not.ok(chainAddsNothing(route(), injector, { ...noGlobals, filters: [{ catch: () => undefined }] }));
});

test("a guarded route's chain is prepared at init: its guard's prepareRoute runs (and may refuse the route) before any request", async () => {
  const seen: string[] = [];
  const guard = {
    canActivate: () => true,
    prepareRoute: (entry: { name: string }) => {
      seen.push(entry.name);
      if (entry.name.endsWith('refused')) throw new Error(`${entry.name} is refused`);
    },
  };
  const providers: ProviderEntry[] = [
    { token: ItemController, name: 'ItemController', scope: 'singleton', deps: [], create: () => new ItemController(), useClass: ItemController, source: 'x' },
    { token: 'GUARD', name: 'Guard', scope: 'singleton', deps: [], create: () => guard, source: 'y' },
  ];
  const injector = new Injector(providers);
  await injector.createSingletons();
  const guarded = route({ guards: [1] } as Partial<HttpRouteEntry>);
  assert.not.ok(chainAddsNothing(guarded, injector, noGlobals));
  prepareHandler(guarded, injector, noGlobals, { readsBody: true });
  assert.equal(seen, ['ItemController.create']);
  assert.throws(() => prepareHandler({ ...guarded, name: 'ItemController.refused' }, injector, noGlobals, { readsBody: true }), /refused/);
});

test("a route's stages over the host port are made with its chain, on its first request: building them prepares nothing", () => {
  let prepared = 0;
  const handler: PreparedHandler = async () => 'answer';
  const built = new HttpRoute(route(), ItemController, () => (prepared++, { run: handler, bare: handler }));
  routeStage(built, { bodyLimit: 1024, report: { logger: { error: () => undefined, warn: () => undefined, log: () => undefined }, counters: { abortedRequests: 0 } } });
  assert.is(prepared, 0, 'the dispatch builds every stage at start; a lazy route stays unprepared');
  assert.not.ok(built.prepared);
  const eager = new HttpRoute(route(), ItemController, { run: handler, bare: undefined });
  assert.ok(eager.prepared);
});

test.run();
