import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuilder } from '../../compiler/src/index.js';
import { internalError } from '../../compiler/src/diagnostics/internal-error.js';
import { compileFixture, fixtureSrc, golden, ROOT } from './helpers.js';

test('FW1001: a constructor dependency no module in scope provides', async () => {
  const result = await compileFixture('fw1001-missing-provider');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1001',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1001-missing-provider/src/app.module.ts',
      line: 7,
      column: 32,
      message: "MailController needs 'mailer: Mailer' (constructor parameter 1), but no module in scope of AppModule provides Mailer.",
    },
  ]);
  assert.is(result.diagnostics[0]?.hint, 'add Mailer to the `injectables` of AppModule (what NestJS calls `providers`), or import the module that provides it.');
  assert.is(result.ok, false);
  assert.equal(result.files, []);
});

test('FW1002: a dependency cycle is printed as A -> B -> A', async () => {
  const result = await compileFixture('fw1002-cycle');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1002',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1002-cycle/src/app.module.ts',
      line: 5,
      column: 24,
      message: 'Dependency cycle: Eggs -> Chickens -> Eggs. None of these providers can be constructed.',
    },
  ]);
});

test('FW1020: modules that import each other, across files or in one file, are one error per cycle at the import that closes it', async () => {
  const result = await compileFixture('fw1020-module-cycle');
  const src = 'test/compiler/fixtures/fw1020-module-cycle/src';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1020', severity: 'error', file: `${src}/billing.ts`, line: 11, column: 34,
      message: `AuditModule imports BillingModule, which leads back to AuditModule (BillingModule -> LedgerModule -> AuditModule -> BillingModule): each @Module is read as its file loads, so one of them would read the other before its class exists, and the start would stop with "Cannot access '…' before initialization".`,
    },
    {
      code: 'FW1020', severity: 'error', file: `${src}/orders.module.ts`, line: 4, column: 21,
      message: `OrdersModule imports UsersModule, which leads back to OrdersModule (UsersModule -> OrdersModule -> UsersModule): each @Module is read as its file loads, so one of them would read the other before its class exists, and the start would stop with "Cannot access '…' before initialization".`,
    },
  ]);
  assert.is(result.diagnostics[1]!.hint, 'remove UsersModule from the `imports` of OrdersModule, or move what both need into a third module that each imports (modules cannot import each other: there is no forwardRef).');
  assert.is(result.ok, false);
});

test('FW1003: controllers and injectables the root never reaches are warnings, and the build succeeds', async () => {
  const result = await compileFixture('fw1003-unreachable');
  const file = 'test/compiler/fixtures/fw1003-unreachable/src/orphans.ts';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1003', severity: 'warning', file, line: 4, column: 14,
      message: 'Injectable OrphanService is never reachable from the root module AppModule, so it is not part of the application.',
    },
    {
      code: 'FW1003', severity: 'warning', file, line: 7, column: 14,
      message: 'Controller LostController is never reachable from the root module AppModule, so it is not part of the application.',
    },
  ]);
  // The hint gives NestJS's name of the field, the first thing a NestJS user writes instead.
  assert.equal(result.diagnostics.map((d) => d.hint), [
    'list it in the `injectables` (what NestJS calls `providers`) of AppModule or of a module imported from it, or delete it.',
    'list it in the `controllers` of AppModule or of a module imported from it, or delete it.',
  ]);
  assert.is(result.ok, true);
  assert.equal(result.files.map((f) => path.basename(f.path)), ['tables.ts', 'openapi.json']);
});

test('FW1004 / FW1006: a name imported from a file that is not there (renamed) is said to be that, not a run-time value or an untyped parameter', async () => {
  const result = await compileFixture('fw1004-renamed-file');
  const byCode = new Map(result.diagnostics.map((d) => [d.code, d]));
  assert.is(
    byCode.get('FW1004')?.message,
    "An entry of `injectables` must be static (a class, { token, useClass }, { token, useValue }, { token, useFactory, inject } or { token, useExisting }), but `GreetingService` is imported from './greeting.service.js', which is no file of the project, so framework-build cannot read it.",
  );
  assert.is(byCode.get('FW1004')?.hint, 'fix the path of that import (a renamed or moved file? tsc reports it as TS2307).');
  assert.is(byCode.get('FW1004')?.line, 15);
  assert.match(byCode.get('FW1006')!.message, /\(GreetingService is imported from '\.\/greeting\.service\.js', which is no file of the project: fix that import\)\.$/);
  assert.is(byCode.get('FW1006')?.hint, 'fix the path of that import (a renamed or moved file? tsc reports it as TS2307): the class it names is then the token.');
});

test('FW1004: a computed route path', async () => {
  const result = await compileFixture('fw1004-not-static');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1004',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1004-not-static/src/app.module.ts',
      line: 7,
      column: 8,
      message: "The path of @Get must be static (a string literal), but `'/' + version` is only known at run time.",
    },
  ]);
});

test('FW1005: no module at all', async () => {
  const result = await compileFixture('fw1005-no-root');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1005',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1005-no-root/src',
      line: 0,
      column: 0,
      message: 'No root module: no class under the source directory is decorated with @Module.',
    },
  ]);
});

test('FW1005: several root candidates are listed with their locations', async () => {
  const result = await compileFixture('fw1005-several-roots');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1005',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1005-several-roots/src/modules.ts',
      line: 4,
      column: 14,
      message:
        'Several root modules: AdminModule (modules.ts:4:14), AppModule (modules.ts:7:14). No module imports them, so the compiler cannot tell which one is the application.',
    },
  ]);
  assert.is(result.diagnostics[0]?.hint, 'pass --root <ModuleName> (one of AdminModule, AppModule), or import the others from the root module.');
});

test('FW1005: --root picks one candidate; the other becomes unreachable (FW1003)', async () => {
  const result = await compileFixture('fw1005-several-roots', { root: 'AppModule' });
  assert.equal(
    result.diagnostics.map((d) => [d.code, d.severity, d.message]),
    [['FW1003', 'warning', 'Module AdminModule is never reachable from the root module AppModule, so it is not part of the application.']],
  );
  assert.is(result.ok, true);
});

test('FW1003: with --root, the modules around the root (a server root importing it) and theirs are not reported; a module around nothing is', async () => {
  const result = await compileFixture('fw1003-around-root', { root: 'WebModule' });
  assert.equal(
    result.diagnostics.map((d) => [d.code, d.severity, d.message]),
    [['FW1003', 'warning', 'Module LostModule is never reachable from the root module WebModule, so it is not part of the application.']],
  );
  assert.is(result.ok, true);
  const tables = result.files.find((f) => f.path.endsWith('tables.ts'))!.text;
  assert.match(tables, /WebController/);
  assert.not.match(tables, /ExtraController|Clock/, 'the tables leave out what only the modules around the root provide');
});

test('FW1005: --root naming no module', async () => {
  const result = await compileFixture('fw1005-several-roots', { root: 'ShopModule' });
  assert.equal(
    result.diagnostics.map((d) => [d.code, d.message]),
    [['FW1005', 'No module named ShopModule (given with --root) is declared under the source directory; the modules are AdminModule, AppModule.']],
  );
});

test('FW1006: primitive and interface constructor parameters without @Inject', async () => {
  const result = await compileFixture('fw1006-primitive');
  const file = 'test/compiler/fixtures/fw1006-primitive/src/app.module.ts';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1006', severity: 'error', file, line: 10, column: 22,
      message: "Constructor parameter 'greeting' of Greeter has type string, which cannot be a dependency-injection token (a primitive type).",
    },
    {
      code: 'FW1006', severity: 'error', file, line: 11, column: 22,
      message: "Constructor parameter 'settings' of Greeter has type Settings, which cannot be a dependency-injection token (an interface exists only at compile time).",
    },
  ]);
  assert.match(result.diagnostics[0]!.hint, 'name the token with @Inject(<token>) on the parameter; an option with a default value');
});

test('FW1006: a rest constructor parameter, which would be injected nothing', async () => {
  const result = await compileFixture('fw1006-rest-parameter');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1006', severity: 'error', file: 'test/compiler/fixtures/fw1006-rest-parameter/src/app.module.ts', line: 8, column: 18,
      message: "Constructor parameter 'clocks' of Scheduler has type Clock[], which cannot be a dependency-injection token (a rest parameter collects no one dependency: declare each as its own parameter).",
    },
  ]);
});

test('FW1007: a provider class that is not exported', async () => {
  const result = await compileFixture('fw1007-not-exported');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1007',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1007-not-exported/src/app.module.ts',
      line: 4,
      column: 7,
      message: 'Hidden is used by the application as a provider but is not exported from app.module.ts; the generated tables must import it.',
    },
  ]);
  assert.is(result.diagnostics[0]?.hint, 'add `export` to the declaration of Hidden.');
});

test('FW1009: an import that is not a module, a controller that is not a controller', async () => {
  const result = await compileFixture('fw1009-not-a-module');
  const file = 'test/compiler/fixtures/fw1009-not-a-module/src/app.module.ts';
  assert.equal(result.diagnostics.map(golden), [
    { code: 'FW1009', severity: 'error', file, line: 5, column: 21, message: 'Helpers is listed in the `imports` of AppModule, but it is not a module.' },
    { code: 'FW1009', severity: 'error', file, line: 5, column: 45, message: 'Helpers is listed in the `controllers` of AppModule, but it is not a controller.' },
  ]);
});

test('FW1010: an abstract class provided as itself', async () => {
  const result = await compileFixture('fw1010-abstract');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1010',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1010-abstract/src/app.module.ts',
      line: 3,
      column: 23,
      message: 'Storage is abstract, but AppModule provides it as a class to instantiate; an abstract class cannot be instantiated.',
    },
  ]);
});

test('every problem is reported in one run, sorted by position (the compiler never stops at the first)', async () => {
  const result = await compileFixture('many-errors');
  assert.equal(
    result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`),
    ['10:3 FW1201', '15:12 FW1301', '21:24 FW1001', '24:7 FW1202'],
  );
});

test('FW1011: a class with both @Controller and @GrpcController points at the second decorator', async () => {
  const result = await compileFixture('fw1011-two-transports');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1011',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1011-two-transports/src/app.module.ts',
      line: 8,
      column: 1,
      message:
        'PingController is decorated with both @Controller (line 7) and @GrpcController; a controller serves one transport, so the compiler would keep only its @GrpcController handlers.',
    },
  ]);
  assert.match(result.diagnostics[0]!.hint, /split it into two classes/);
});

test('FW1012: imports the compiler cannot follow (outside srcDir, a package module class, a call that is no DynamicModule) are named', async () => {
  const f = 'fw1012-import-not-followed';
  const result = await compileFixture(f);
  const file = `test/compiler/fixtures/${f}/src/app.module.ts`;
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1012', severity: 'error', file, line: 11, column: 13,
      message:
        '`SharedModule` in the `imports` of AppModule is declared outside the source directory (in ../shared/shared.module.ts), where the compiler does not read modules, so none of its controllers or injectables would exist at run time.',
    },
    {
      code: 'FW1012', severity: 'error', file, line: 11, column: 27,
      message:
        "`ThrottlerModule` in the `imports` of AppModule is a module class of @framework/core, whose @Module the compiler cannot see (a package's type declarations do not keep decorators), so none of its controllers or injectables would exist at run time.",
    },
    {
      code: 'FW1012', severity: 'error', file, line: 11, column: 44,
      message:
        "`pick(process.env.BETA === '1')` in the `imports` of AppModule is a call the compiler cannot follow: its result is not a DynamicModule of @framework/core (its type is typeof FeatureModule), so none of its controllers or injectables would exist at run time.",
    },
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    'move the module under the source directory, or run framework-build on a directory that holds both (their common parent).',
    'import its configured form, `ThrottlerModule.forRoot(…)`, which declares what it provides.',
    'import the module class itself, or declare what the call returns as `DynamicModule<Value, [typeof A, …]>` of @framework/core so the compiler can see what it provides.',
  ]);
});

test('FW1012 goes away when the outside module is built from the common parent (it is then followed)', async () => {
  const result = await compileFixture('fw1012-import-not-followed', { srcDir: 'test/compiler/fixtures/fw1012-import-not-followed', root: 'AppModule' });
  assert.equal(result.diagnostics.filter((d) => d.message.includes('SharedModule')), []);
  assert.ok(result.model?.routes.some((r) => r.path === '/shared'));
});

test('FW1013: an exception inside the compiler is a diagnostic at the class being read, not a crash', async () => {
  const builder = createBuilder({ srcDir: fixtureSrc('fw1013-internal-error'), outDir: 'test/.tmp/compiler/fw1013', cwd: ROOT });
  const file = builder.project.getSourceFiles().find((sf) => sf.getFilePath().endsWith('fw1013-internal-error/src/app.module.ts'))!;
  // Break the compiler's view of one class: the same wrapper object is what discover reads.
  const cls = file.getClassOrThrow('HealthController');
  cls.getDecorators = () => {
    throw new TypeError('boom');
  };
  const result = builder.build();
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1013',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1013-internal-error/src/app.module.ts',
      line: 5,
      column: 14,
      message: 'framework-build stopped on an unexpected internal error while reading class HealthController: TypeError: boom',
    },
  ]);
  assert.is(result.ok, false);
  assert.equal(result.files, []);
  assert.match(result.diagnostics[0]!.hint, /a bug in framework-build.*FRAMEWORK_BUILD_DEBUG=1/);
});

test('FW1013 outside any class points at the source directory; the stack is printed only with FRAMEWORK_BUILD_DEBUG', async () => {
  const builder = createBuilder({ srcDir: fixtureSrc('fw1013-internal-error'), outDir: 'test/.tmp/compiler/fw1013', cwd: ROOT });
  builder.project.getSourceFiles = () => {
    throw new Error('disk on fire');
  };
  const result = builder.build();
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1013', severity: 'error', file: 'test/compiler/fixtures/fw1013-internal-error/src', line: 0, column: 0,
      message: 'framework-build stopped on an unexpected internal error: Error: disk on fire',
    },
  ]);
  const at = { file: '/r/src', line: 0, column: 0, length: 0 };
  const debug = internalError(new Error('disk on fire'), at, { FRAMEWORK_BUILD_DEBUG: '1' });
  assert.match(debug.message, /^framework-build stopped on an unexpected internal error: Error: disk on fire\nError: disk on fire\n {4}at /);
  assert.match(debug.hint, /with the stack trace above/);
  assert.not.match(internalError(new Error('x'), at, {}).message, /\n/);
});

test.run();
