// FW19xx: wiring that would fail at run time (or run unchecked), reported at the user's line.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

test('FW1901: ThrottlerGuard (or a subclass) registered while no module imports ThrottlerModule.forRoot, at the registration in the user\'s module', async () => {
  const fixture = 'fw1901-throttler-guard-without-forroot';
  const result = await compileFixture(fixture);
  const file = `test/compiler/fixtures/${fixture}/src/app.module.ts`;
  const message = (guard: string) =>
    `${guard} is registered as a guard here, but no module in scope of AppModule imports ThrottlerModule.forRoot(…), so the guard has no throttlers to apply (nothing provides its ThrottlerConfig).`;
  assert.equal(result.diagnostics.map(golden), [
    { code: 'FW1901', severity: 'error', file, line: 7, column: 11, message: message('ThrottlerGuard') },
    { code: 'FW1901', severity: 'error', file, line: 16, column: 50, message: message('AppGuard') },
  ]);
  assert.is(result.diagnostics[0]?.hint, 'add ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }]) to the `imports` of AppModule (or of a module it imports), or remove the guard.');
  assert.not.ok(result.diagnostics.some((d) => d.file.includes('.d.ts')), 'nothing points into the framework');
});

test.run();
