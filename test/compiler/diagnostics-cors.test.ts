/**
 * Golden tests of `@Cors(...)`: FW2605 for credentials with every origin (code, severity, message,
 * location, hint), once per decorator, the handler's fields merged over the class's; and the
 * `cors` field each route entry gets in the emitted tables.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const fixture = 'fw2605-cors-credentials-wildcard';
const error = (line: number, column: number, owner: string) => ({
  code: 'FW2605',
  severity: 'error',
  file: `test/compiler/fixtures/${fixture}/src/app.module.ts`,
  line,
  column,
  message: `@Cors on ${owner} allows credentials from every origin (credentials: true with origins: '*'): any site could read answers made with your users' cookies, and browsers refuse such answers anyway.`,
});

test("FW2605: credentials: true with origins: '*' is an error at the @Cors that makes it, once for a class's routes", async () => {
  const result = await compileFixture(fixture);
  assert.equal(result.diagnostics.map(golden), [
    error(3, 1, 'OpenController.list'),
    // The handler's origins: '*' over the class's credentials: true.
    error(14, 3, 'AdminController.create'),
    error(20, 3, 'MixedController.list'),
  ]);
  assert.is(result.diagnostics[0]!.hint, "list the origins allowed (origins: ['https://app.example.com']), or drop credentials: true for a public API read by any site.");
  assert.is(result.ok, false);
});

test('each route entry carries its merged @Cors (a RegExp as written, false to turn it off); a route without one has no field', async () => {
  const result = await compileFixture('cors-routes');
  assert.equal(result.diagnostics.map(golden), []);
  const tables = result.files.find((file) => file.path.endsWith('tables.ts'))!.text;
  const corsOf = (name: string) => new RegExp(`name: '${name}'[\\s\\S]*?status: 200, ([^\\n]*)`).exec(tables)?.[1]?.match(/cors: (false|\{.*?\}), guards/)?.[1];
  const origins = "origins: ['https://admin.example.com', /^https:\\/\\/[a-z]+\\.example\\.com$/i]";
  assert.is(corsOf('AdminController.list'), `{ ${origins}, credentials: true, exposeHeaders: ['x-request-id'] }`);
  assert.is(corsOf('AdminController.create'), `{ ${origins}, credentials: true, maxAge: 600, exposeHeaders: ['x-request-id'], allowHeaders: ['content-type'], methods: ['POST'] }`);
  assert.is(corsOf('AdminController.internal'), 'false');
  assert.is(corsOf('PlainController.list'), undefined);
});

test('a computed @Cors value is FW1004 at it, naming what is expected', async () => {
  const result = await compileFixture('cors-not-static');
  assert.equal(
    result.diagnostics.map((d) => [d.code, d.line, d.column]),
    [
      ['FW1004', 7, 11],
      ['FW1004', 8, 48],
    ],
  );
  assert.match(result.diagnostics[0]!.message, /origins in @Cors/);
  assert.match(result.diagnostics[0]!.message, /a function belongs in the application's cors option/);
  assert.match(result.diagnostics[1]!.message, /maxAge in @Cors/);
});

test.run();
