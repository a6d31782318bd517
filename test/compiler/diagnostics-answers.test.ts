// Golden tests of the build errors of cookies, response headers, redirects and versioning (FW26xx, and FW1412 for @Cookie on gRPC).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const at = (fixture: string, line: number, column: number, code: string, message: string) => ({
  code, severity: 'error', file: `test/compiler/fixtures/${fixture}/src/app.module.ts`, line, column, message,
});

test('FW1412: @Cookie on a gRPC handler reads HTTP requests only', async () => {
  const f = 'fw1412-grpc-cookie';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.filter((d) => d.code === 'FW1412').map(golden), [
    at(f, 9, 65, 'FW1412', "Parameter 'session' of gRPC handler TodoGrpc.GetTodo uses @Cookie(), which reads HTTP requests only, so there is nothing to pass on a gRPC call."),
  ]);
});

test('FW2601: @Redirect with a status that is not 3xx, at the status', async () => {
  const f = 'fw2601-redirect-status';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(f, 6, 41, 'FW2601', '@Redirect on DocsController.docs has status 200, which is not a redirect: a Location header is followed only on a 3xx answer.'),
  ]);
  assert.is(result.diagnostics[0]?.hint, 'use 301 or 308 for a permanent move, 302, 303 or 307 for a temporary one (302 is the default), or drop @Redirect and answer with @HttpCode.');
});

test('FW2602: @SetHeader of a header the framework owns, or of Set-Cookie; another header is fine', async () => {
  const f = 'fw2602-owned-header';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(f, 6, 14, 'FW2602', "@SetHeader('Content-Length') on FilesController.list sets a header the framework writes itself from the body and the connection; a value set by hand would contradict what is sent."),
    at(f, 8, 14, 'FW2602', "@SetHeader('Set-Cookie') on FilesController.list would replace the cookies the call sets: Set-Cookie lines are added, not set."),
  ]);
  assert.is(result.diagnostics[1]?.hint, 'set cookies with context.setCookie(name, value, options) (through @Ctx()).');
});

test('FW2603: @Version in sources whose application is constructed without versioning', async () => {
  const f = 'fw2603-version-without-versioning';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(f, 6, 12, 'FW2603', '@Version on ItemsController.list is never used: no application of these sources enables versioning, so the route answers as if it had no version.'),
  ]);
});

test('FW2604: two handlers of one method and path sharing a version, at the second one’s @Version; other versions share the path freely', async () => {
  const f = 'fw2604-duplicate-version';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(f, 17, 12, 'FW2604', 'Duplicate route GET /items for version 3: ItemsController.listNext (app.module.ts:10:3) and ItemsController.listLatest both answer it.'),
  ]);
});

test.run();
