import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const at = (fixture: string, line: number, column: number, code: string, message: string) => ({
  code, severity: 'error', file: `test/compiler/fixtures/${fixture}/src/app.module.ts`, line, column, message,
});

test('FW1501: @Throttle / @SkipThrottle names that no forRoot declares; the hint lists the declared names', async () => {
  const f = 'fw1501-throttler-name';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(f, 4, 17, 'FW1501', "@SkipThrottle on AuthController names throttler 'brust', which no ThrottlerModule.forRoot of the application declares."),
    at(f, 7, 50, 'FW1501', "@Throttle on AuthController.login names throttler 'burts', which no ThrottlerModule.forRoot of the application declares."),
    at(f, 13, 15, 'FW1501', "@Throttle on AuthController.logout names throttler 'hourly', which no ThrottlerModule.forRoot of the application declares."),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    "the declared throttlers are 'default', 'burst' (a throttler without a name is 'default'); did you mean 'burst'?",
    "the declared throttlers are 'default', 'burst' (a throttler without a name is 'default'); did you mean 'burst'?",
    "the declared throttlers are 'default', 'burst' (a throttler without a name is 'default'); use one of them or declare it in forRoot.",
  ]);
});

test('FW1501 is skipped silently when forRoot is not given a static array literal', async () => {
  const result = await compileFixture('throttler-dynamic');
  assert.equal(result.diagnostics, []);
  assert.ok(result.files[0]!.text.includes('annotations: { throttle: { custom: { ttl: 60000, limit: 5 } } }'));
});

test('FW1502: literal ttl/limit that are not positive integers, in @Throttle and in forRoot (computed ones are left to run time)', async () => {
  const f = 'fw1502-throttle-limits';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(f, 6, 45, 'FW1502', "`limit` of throttler 'default' in @Throttle must be a positive integer count of calls per window, but it is 1.5."),
    at(f, 13, 45, 'FW1502', "`ttl` of throttlers[0] ('default') of ThrottlerModule.forRoot must be a positive integer number of milliseconds, but it is 0."),
  ]);
  assert.is(result.diagnostics[1]!.hint, 'write a whole number of milliseconds above 0 (60000 is one minute).');
});

test('FW1503: a throttler name declared twice (an unnamed one is default)', async () => {
  const f = 'fw1503-throttler-duplicate';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    at(f, 4, 73, 'FW1503', "Throttler name 'default' is declared twice in ThrottlerModule.forRoot (first at app.module.ts:4:38); each throttler needs its own name."),
  ]);
});

test('FW1504: re-enabling a throttler under a class-level @SkipThrottle() when forRoot is not static', async () => {
  const f = 'fw1504-skip-reenable-dynamic';
  const result = await compileFixture(f);
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1504',
      severity: 'error',
      file: `test/compiler/fixtures/${f}/src/app.module.ts`,
      line: 12,
      column: 19,
      message:
        "@SkipThrottle({ default: false }) on ReportsController.export re-enables throttler 'default' under @SkipThrottle() on ReportsController, but the throttler names are only known at run time (ThrottlerModule.forRoot is not given a static array literal), so the compiler cannot list the throttlers that stay skipped.",
    },
  ]);
  assert.match(result.diagnostics[0]!.hint, /^name the throttlers to skip on the class/);
});

test.run();
