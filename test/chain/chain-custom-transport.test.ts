// The chain contract over a third transport that only imports `@framework/core/transport`:
// registered with app.registerTransport, attached by init, closed by close(), with no change to
// the application. A RouteAwareGuard is prepared at init for every route it guards.
import { FrameworkApplication, Injectable, type ApplicationTables, type HandlerEntry, type Logger, type RouteAwareGuard } from '@framework/core';
import { Test } from '@framework/testing';
import * as assert from 'uvu/assert';
import { test } from 'uvu';
import { registerChainContract } from './chain-contract.js';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { GlobalFilter } from './fixtures/app/src/filters.js';
import { AppInterceptor } from './fixtures/app/src/interceptors.js';
import { TrailMiddleware } from './fixtures/app/src/middleware.js';
import { Counters } from './fixtures/app/src/scoped.js';
import { DirectTransport } from './fixtures/direct-transport.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

async function startDirect(source: ApplicationTables = tables): Promise<{ app: FrameworkApplication; direct: DirectTransport }> {
  const app = new FrameworkApplication(source, { logger: quiet });
  const direct = new DirectTransport();
  app.registerTransport(direct);
  app.useGlobalMiddleware(new TrailMiddleware()).useGlobalFilters(new GlobalFilter()).useGlobalInterceptors(new AppInterceptor());
  await app.init(AppModule);
  return { app, direct };
}

registerChainContract('a third transport, registered through @framework/core/transport', async () => {
  const { app, direct } = await startDirect();
  return {
    call: async (path, instructions = {}) => {
      const answer = await direct.get(path, instructions);
      return { status: answer.status, body: answer.body, header: (name) => answer.headers.get(name) ?? null };
    },
    cancelAfter: async (path, ms, instructions = {}) => {
      const client = new AbortController();
      const pending = direct.get(path, instructions, client.signal);
      await new Promise((resolve) => setTimeout(resolve, ms));
      client.abort(new Error('gone'));
      await pending;
    },
    errorBody: (error) => error,
    unexpectedError: () => ({ status: 500, body: { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' } }),
    counters: () => app.get<Counters>(Counters),
    cachesGet: true,
    stop: () => app.close(),
  };
});

test('close() closes a registered transport once, beside HTTP', async () => {
  const { app, direct } = await startDirect();
  await app.close();
  assert.is(direct.closed, 1);
});

test('a RouteAwareGuard prepares every route it guards at init, before any call, once per transport', async () => {
  const prepared: string[] = [];
  @Injectable()
  class CountingGuard implements RouteAwareGuard {
    prepareRoute(route: HandlerEntry): void {
      prepared.push(route.name);
    }
    canActivate(): boolean {
      return true;
    }
  }
  // The fixture's global guard, replaced by ours; the direct transport registered beside HTTP.
  const t = await Test.createTestingModule(tables, { logger: quiet, setup: (app) => app.registerTransport(new DirectTransport()) })
    .overrideGlobalGuard()
    .useClass(CountingGuard)
    .compile();
  const expected = tables.routes.map((route) => route.name);
  // HTTP and the direct transport each prepare the routes they serve.
  const direct = tables.routes.filter((route) => route.method === 'GET').map((route) => route.name);
  assert.equal(prepared.sort(), [...expected, ...direct].sort());
  await t.close();
});

test.run();
