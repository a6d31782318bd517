// The chain contract over a real HTTP socket and over in-process dispatch (app.fetch).
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import * as assert from 'uvu/assert';
import { test } from 'uvu';
import { registerChainContract, type Answer, type ChainDriver } from './chain-contract.js';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { GlobalFilter } from './fixtures/app/src/filters.js';
import { AppInterceptor } from './fixtures/app/src/interceptors.js';
import { TrailMiddleware } from './fixtures/app/src/middleware.js';
import { Counters } from './fixtures/app/src/scoped.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

async function startApp(): Promise<FrameworkApplication> {
  const app = new FrameworkApplication(tables, { logger: quiet });
  app.useGlobalMiddleware(new TrailMiddleware()).useGlobalFilters(new GlobalFilter()).useGlobalInterceptors(new AppInterceptor());
  return app.init(AppModule);
}

async function toAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, header: (name) => response.headers.get(name) };
}

type Send = (path: string, headers: Record<string, string>, signal?: AbortSignal) => Promise<Response>;

function driverOf(app: FrameworkApplication, send: Send, stop: () => Promise<void>): ChainDriver {
  return {
    call: async (path, instructions = {}) => toAnswer(await send(path, instructions)),
    cancelAfter: async (path, ms, instructions = {}) => {
      const client = new AbortController();
      const pending = send(path, instructions, client.signal).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, ms));
      client.abort();
      await pending;
    },
    errorBody: (error) => error,
    unexpectedError: () => ({ status: 500, body: { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' } }),
    counters: () => app.get<Counters>(Counters),
    cachesGet: true,
    stop,
  };
}

registerChainContract('HTTP over a socket', async () => {
  const app = await startApp();
  const port = await app.listen(0);
  return driverOf(app, (path, headers, signal) => fetch(`http://127.0.0.1:${port}${path}`, { headers, signal }), () => app.close());
});

registerChainContract('in-process dispatch', async () => {
  const app = await startApp();
  return driverOf(app, async (path, headers, signal) => app.fetch(new Request(`http://in-process${path}`, { headers, signal })), () => app.close());
});

test('onAppClose runs once on close()', async () => {
  const app = await startApp();
  const counters = app.get<Counters>(Counters);
  await app.close();
  assert.is(counters.closed, 1);
  assert.is(counters.bootstrapped, 1);
});

test.run();
