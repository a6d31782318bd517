// init compares the tables' routes with what the decorators recorded (application/stale-check.ts),
// grouped by controller and method name: a route whose path or method changed, one the tables lack
// and one the code no longer declares are each a StaleTablesError naming it; tables that match pass.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { compileFixture } from '../compile-fixture.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('../workers/fixtures/hello/', import.meta.url), 'AppModule', 'generated-stale');
const root = tables.rootModule;
const withRoutes = (routes: ApplicationTables['routes']): ApplicationTables => ({ ...tables, routes });
const initError = async (changed: ApplicationTables): Promise<Error> =>
  new FrameworkApplication(changed).init(root).then(
    (): never => {
      throw new Error('init should refuse the tables');
    },
    (error: Error) => error,
  );

test('tables that match the code pass', async () => {
  const app = await new FrameworkApplication(tables).init(root);
  await app.close();
});

test('a route whose path or method changed in the code is named', async () => {
  const index = tables.routes.findIndex((route) => route.path === '/hello/echo');
  const moved = tables.routes.map((route, i) => (i === index ? { ...route, path: '/hello/echoed' } : route));
  const error = await initError(withRoutes(moved));
  assert.is(error.name, 'StaleTablesError');
  assert.match(error.message, /^Route POST \/hello\/echo of HelloController\.echo is not in the tables\./);
  const method = tables.routes.map((route, i) => (i === index ? { ...route, method: 'PUT' as const } : route));
  assert.match((await initError(withRoutes(method))).message, /^Route POST \/hello\/echo of HelloController\.echo is not in the tables\./);
});

test('a route the tables lack, and one the code no longer declares', async () => {
  const lacking = await initError(withRoutes(tables.routes.filter((route) => route.path !== '/hello/limited')));
  assert.match(lacking.message, /^Route GET \/hello\/limited of HelloController\.limited is not in the tables\./);
  const echo = tables.routes.find((route) => route.path === '/hello/echo')!;
  const extra = await initError(withRoutes([...tables.routes, { ...echo, path: '/hello/echo-again' }]));
  assert.match(extra.message, /^The tables list routes of HelloController that its code no longer declares\./);
});

test.run();
