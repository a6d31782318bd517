// `@Cors` from the source to the answer: a fixture compiled by framework-build (the route table's
// `cors` fields) with `CorsModule.forRoot` for the application, served by a running application.
// A controller's own origins (a list and a RegExp) replace the application's; `@Cors(false)` on a
// handler refuses its method's preflights.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/cors-app/src/app.module.js';

const test = suite<{ app: FrameworkApplication; base: string }>('@Cors overrides in a compiled application');

test.before(async (context) => {
  const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/cors-app/', import.meta.url));
  context.app = await new FrameworkApplication(tables, { logger: { log() {}, warn() {}, error() {} } }).init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0, '127.0.0.1')}`;
});
test.after(async ({ app }) => {
  await app?.close();
});

const preflight = async (base: string, path: string, origin: string, method: string) => {
  const response = await fetch(base + path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method } });
  return { status: response.status, origin: response.headers.get('access-control-allow-origin'), credentials: response.headers.get('access-control-allow-credentials'), maxAge: response.headers.get('access-control-max-age') };
};

test("CorsModule.forRoot's settings answer the routes without @Cors", async ({ base }) => {
  assert.equal(await preflight(base, '/notes', 'http://localhost:5173', 'POST'), { status: 204, origin: 'http://localhost:5173', credentials: null, maxAge: '60' });
  assert.is((await preflight(base, '/notes', 'https://admin.example.com', 'POST')).status, 403);
});

test('@Cors(false) on a handler refuses the preflights of its method only', async ({ base }) => {
  assert.is((await preflight(base, '/notes', 'http://localhost:5173', 'DELETE')).status, 403);
  assert.is((await preflight(base, '/notes', 'http://localhost:5173', 'GET')).status, 204);
});

test("a controller's @Cors origins (a list and a RegExp) and credentials replace the application's, its maxAge kept", async ({ base }) => {
  assert.equal(await preflight(base, '/admin', 'https://admin.example.com', 'GET'), { status: 204, origin: 'https://admin.example.com', credentials: 'true', maxAge: '60' });
  assert.is((await preflight(base, '/admin', 'https://eu.admin.example.com', 'GET')).origin, 'https://eu.admin.example.com');
  assert.is((await preflight(base, '/admin', 'https://eu.admin.example.com.evil.test', 'GET')).status, 403);
  assert.is((await preflight(base, '/admin', 'http://localhost:5173', 'GET')).status, 403);
});

test.run();
