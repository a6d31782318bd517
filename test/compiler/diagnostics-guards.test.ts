import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

test('FW1301: a guard reading the V1 context.request; the hint points to context.req', async () => {
  const result = await compileFixture('fw1301-v1-guard');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1301',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1301-v1-guard/src/app.module.ts',
      line: 6,
      column: 12,
      message: 'Guard LegacyGuard reads `context.request` in canActivate, which does not exist in V2 (it is undefined at run time).',
    },
  ]);
  assert.is(result.diagnostics[0]?.hint, "V2 renamed it: read `context.req` instead (for example `context.req.header('authorization')`).");
});

test('FW1302: two GLOBAL_GUARD entries warn, naming both; the last declared wins', async () => {
  const result = await compileFixture('fw1302-two-global-guards');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1302',
      severity: 'warning',
      file: 'test/compiler/fixtures/fw1302-two-global-guards/src/app.module.ts',
      line: 17,
      column: 5,
      message:
        'GLOBAL_GUARD is declared 2 times: AuthGuard in AppModule (app.module.ts:17:5), RateGuard in AppModule (app.module.ts:18:5). Only one guard fits the slot; the last declared (RateGuard) wins.',
    },
  ]);
  const text = result.files[0]?.text ?? '';
  const providers = text.split('\n').filter((line) => line.includes('token: GLOBAL_GUARD'));
  assert.is(providers.length, 2);
  const rateIndex = text.split('\n').filter((l) => l.trimStart().startsWith('{ token:')).findIndex((l) => l.includes('RateGuard'));
  assert.ok(text.includes(`globalGuard: ${rateIndex},`), text);
});

test('FW1303: a GLOBAL_GUARD given with useValue is an error pointing at useValue, with the useClass to write', async () => {
  const result = await compileFixture('fw1303-global-guard-not-use-class');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1303',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1303-global-guard-not-use-class/src/app.module.ts',
      line: 11,
      column: 40,
      message:
        'GLOBAL_GUARD is provided with `useValue: new AuthGuard()` in AppModule; the global guard is only taken from a `useClass` entry, so this guard never runs.',
    },
  ]);
  assert.is(result.diagnostics[0]?.hint, 'write `{ token: GLOBAL_GUARD, useClass: AuthGuard }`: the injector then creates the guard and injects its constructor dependencies.');
  assert.is(result.ok, false);
});

test('FW1303 for useFactory and useExisting too; FW1302 counts every GLOBAL_GUARD entry, whatever its kind', async () => {
  const result = await compileFixture('regression-global-guard-kinds');
  const file = 'test/compiler/fixtures/regression-global-guard-kinds/src/app.module.ts';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1302', severity: 'warning', file, line: 17, column: 5,
      message:
        'GLOBAL_GUARD is declared 3 times: AuthGuard in AppModule (app.module.ts:17:5), `useFactory: () => new RateGuard()` in AppModule (app.module.ts:19:5), `useExisting: AuthGuard` in AppModule (app.module.ts:21:5). Only one guard fits the slot; the last declared (`useExisting: AuthGuard`) wins.',
    },
    {
      code: 'FW1303', severity: 'error', file, line: 19, column: 28,
      message: 'GLOBAL_GUARD is provided with `useFactory: () => new RateGuard()` in AppModule; the global guard is only taken from a `useClass` entry, so this guard never runs.',
    },
    {
      code: 'FW1303', severity: 'error', file, line: 21, column: 28,
      message: 'GLOBAL_GUARD is provided with `useExisting: AuthGuard` in AppModule; the global guard is only taken from a `useClass` entry, so this guard never runs.',
    },
  ]);
  assert.equal(result.diagnostics.slice(1).map((d) => d.hint), [
    'write `{ token: GLOBAL_GUARD, useClass: RateGuard }`: the injector then creates the guard and injects its constructor dependencies.',
    'write `{ token: GLOBAL_GUARD, useClass: AuthGuard }`: the injector then creates the guard and injects its constructor dependencies.',
  ]);
});

test.run();
