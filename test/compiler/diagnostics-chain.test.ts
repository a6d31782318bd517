import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const FILE = 'test/compiler/fixtures/fw1810-wrong-chain-class/src/app.module.ts';
const at = (line: number, column: number, message: string) => ({ code: 'FW1810', severity: 'error', file: FILE, line, column, message });
const tail = 'method: the chain would fail with a TypeError wherever it runs.';

test('FW1810: a class without the method its place in the chain calls, at the decorator, for every kind of chain class', async () => {
  const result = await compileFixture('fw1810-wrong-chain-class');
  assert.equal(result.diagnostics.map(golden), [
    at(40, 18, `Timing is given to @UseInterceptors on ItemsController as an interceptor, but it has no intercept() ${tail}`),
    at(43, 13, `AdminOnly is given to @UseGuard on ItemsController.find as a guard, but it has no canActivate() ${tail}`),
    at(44, 14, `NotFoundAsEmpty is given to @UseFilter on ItemsController.find as an exception filter, but it has no catch() ${tail}`),
    at(45, 15, `RequestLog is given to @Middleware on ItemsController.find as a middleware, but it has no action() ${tail}`),
    at(46, 21, `Trim is given to parameter 'id' of ItemsController.find as a pipe, but it has no transform() ${tail}`),
    at(51, 96, `Logged is given to GLOBAL_INTERCEPTOR in AppModule as an interceptor, but it has no intercept() ${tail}`),
  ]);
  assert.equal(
    result.diagnostics.map((d) => d.hint),
    [
      "did you mean 'intercepts'? Rename it to intercept(context, next).",
      "did you mean 'canActive'? Rename it to canActivate(context).",
      "did you mean 'Catch'? Rename it to catch(error, context).",
      "did you mean 'actions'? Rename it to action(context, next).",
      "did you mean 'transfrom'? Rename it to transform(value, metadata).",
      'implement intercept(context, next) on Logged (the Interceptor interface), or give GLOBAL_INTERCEPTOR in AppModule another class.',
    ],
  );
  assert.is(result.ok, false);
});

test('FW1810 is not reported for classes that have the method, inherited or from a package', async () => {
  for (const fixture of ['typed-params', 'emit-golden', 'grpc-golden', 'inheritance']) {
    const result = await compileFixture(fixture);
    assert.equal(result.diagnostics.filter((d) => d.code === 'FW1810'), [], fixture);
  }
});

test.run();
