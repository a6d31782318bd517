/**
 * What HealthModule refuses, at start-up, with a message saying what to change: bad options,
 * indicators without a name or with the same name, a listed class that is no indicator, and a
 * probe path one of the application's routes already has. Also: before init, readiness is down.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Controller,
  FrameworkApplication,
  Get,
  HealthConfig,
  HealthModule,
  Module,
  RedisHealthIndicator,
  dynamicModuleValue,
  type ApplicationTables,
  type Class,
  type HealthIndicator,
  type HealthModuleOptions,
} from '@framework/core';

const silent = { error: () => undefined, warn: () => undefined, log: () => undefined };
const source = 'test/health/config.test.ts:1:1';

/** A controller with one GET route at `path` (the stale-tables check compares the tables with its decorators). */
function controllerAt(path: string): Class {
  @Controller('/')
  class ProbeLikeController {
    @Get(path)
    ready(): string {
      return 'mine';
    }
  }
  return ProbeLikeController;
}

/** Tables as framework-build writes them for a root module importing HealthModule.forRoot(options), with ProbeLikeController. */
function appWith(options: HealthModuleOptions, extra: readonly Class[] = [], routePath = '/health/ready'): { app: FrameworkApplication; root: Class } {
  const ProbeLikeController = controllerAt(routePath);
  @Module({ imports: [HealthModule.forRoot(options)], controllers: [ProbeLikeController] })
  class Root {}
  const tables: ApplicationTables = {
    version: 1,
    manifest: 'hand-written',
    rootModule: Root,
    modules: [{ module: Root, controllers: [ProbeLikeController] }],
    providers: [
      { token: HealthConfig, name: 'HealthConfig', scope: 'singleton', deps: [], create: () => dynamicModuleValue(Root, 0), source },
      { token: ProbeLikeController, name: 'ProbeLikeController', scope: 'singleton', deps: [], create: () => new (ProbeLikeController as new () => unknown)(), useClass: ProbeLikeController, source },
      ...extra.map((cls) => ({ token: cls, name: cls.name, scope: 'singleton' as const, deps: [], create: () => new (cls as new () => unknown)(), useClass: cls, source })),
    ],
    routes: [
      {
        id: 0, name: 'ProbeLikeController.ready', controller: 1, handler: (ProbeLikeController.prototype as { ready: () => string }).ready, invoke: (c: { ready(): string }) => c.ready(),
        method: 'GET', path: routePath, readsBody: false, status: 200, guards: [], middleware: [], filters: [], annotations: {}, source,
      },
    ],
    grpc: [],
  };
  return { app: new FrameworkApplication(tables, { logger: silent }), root: Root };
}

async function initError(options: HealthModuleOptions, extra: readonly Class[] = [], routePath?: string): Promise<string> {
  const { app, root } = appWith(options, extra, routePath);
  try {
    await app.init(root);
    await app.close();
    return 'no error';
  } catch (error) {
    return (error as Error).message;
  }
}

test('options are checked when forRoot runs', () => {
  assert.throws(() => HealthModule.forRoot({ timeoutMs: 0 }), /timeoutMs must be a number of milliseconds, above 0; got 0/);
  assert.throws(() => HealthModule.forRoot({ cacheMs: -1 }), /cacheMs must be a number of milliseconds, 0 or more; got -1/);
  assert.throws(() => HealthModule.forRoot({ shutdownDelayMs: Number.NaN }), /shutdownDelayMs must be/);
  assert.throws(() => HealthModule.forRoot({ paths: { ready: 'ready' } }), /paths.ready must be a path starting with '\/'/);
  assert.throws(() => HealthModule.forRoot({ paths: { live: '/h', ready: '/h' } }), /paths.live and paths.ready are both \/h/);
  assert.throws(() => HealthModule.forRoot({ instances: [{ name: 'x' } as unknown as HealthIndicator] }), /instances\[0\] is not a health indicator/);
  assert.throws(() => new RedisHealthIndicator({}), /needs a Redis client with ping\(\) or eval\(\)/);
});

test('a probe path that one of the routes already takes (the same path, a parameter, a wildcard) stops init, naming the route and where it is', async () => {
  const message = await initError({});
  assert.match(message, 'the probe path /health/ready is already served by ProbeLikeController.ready (GET /health/ready, test/health/config.test.ts:1:1)');
  assert.match(message, 'paths: { live, ready }');
  assert.is(await initError({ paths: { ready: '/ready' } }), 'no error');
  assert.is(await initError({ paths: { ready: false } }), 'no error');
  // A route with a parameter or a wildcard that would take the probe's requests counts too.
  assert.match(await initError({}, [], '/health/:name'), 'the probe path /health/live is already served by ProbeLikeController.ready (GET /health/:name');
  assert.match(await initError({}, [], '/*'), 'the probe path /health/live is already served');
  assert.match(await initError({}, [], '/health/:name/:detail?'), 'the probe path /health/live is already served');
  assert.is(await initError({}, [], '/health/:name/detail'), 'no error');
  assert.is(await initError({}, [], '/health'), 'no error');
  // Told apart by the first segment alone, or taken through a parameter there.
  assert.is(await initError({}, [], '/healthz/:name'), 'no error');
  assert.is(await initError({}, [], '/heALTH/:name'), 'no error');
  assert.match(await initError({}, [], '/:section/live'), 'the probe path /health/live is already served');
});

test('two indicators of one name, an empty name, and a listed class that is no indicator stop init', async () => {
  const paths = { ready: '/ready' };
  const up = (name: string): HealthIndicator => ({ name, check: () => undefined });
  assert.match(await initError({ paths, instances: [up('db'), up('db')] }), "two indicators are named 'db'");
  assert.match(await initError({ paths, instances: [up(' ')] }), 'an indicator has an empty name');
  assert.match(await initError({ paths, instances: [{ ...up('slow'), timeoutMs: -5 }] }), "the indicator 'slow' has timeoutMs -5");
  class NotAnIndicator {}
  const message = await initError({ paths, indicators: [NotAnIndicator as unknown as Class<HealthIndicator>] }, [NotAnIndicator]);
  assert.match(message, 'NotAnIndicator is listed in indicators but is no health indicator');
});

test('readiness is down before init is done and up after; liveness is up throughout', async () => {
  const { app, root } = appWith({ paths: { ready: '/ready' } });
  assert.equal(await app.health.readiness(), { status: 'down', reason: 'starting', checks: {} });
  assert.is(app.health.liveness().status, 'up');
  await app.init(root);
  assert.equal(await app.health.readiness(), { status: 'up', checks: {} });
  const response = await app.fetch(new Request('http://local/ready'));
  assert.equal([response.status, await response.json()], [200, { status: 'up', checks: {} }]);
  await app.close();
  assert.equal(await app.health.readiness(), { status: 'down', reason: 'shutting down', checks: {} });
});

test.run();
