import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const file = 'test/compiler/fixtures/fw2001-factory-providers/src/app.module.ts';

test('factory and alias providers: every wiring fault is reported at the user\'s line (FW2001–FW2006, FW1002 through factories)', async () => {
  const result = await compileFixture('fw2001-factory-providers');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW2001', severity: 'error', file, line: 15, column: 103,
      message: "The factory of 'COUNT' takes 2 parameter(s) (settings, mailer), but its `inject` lists 1 token(s): the factory is called with one instance per `inject` element, in order.",
    },
    { code: 'FW2002', severity: 'error', file, line: 16, column: 71, message: "inject[0] of 'TYPE' provides Settings, but the factory's parameter 'mailer' is declared as Mailer." },
    { code: 'FW2003', severity: 'error', file, line: 17, column: 74, message: "The factory of 'MISSING' injects Mailer (inject[0]), but no module in scope of AppModule provides Mailer." },
    { code: 'FW2004', severity: 'error', file, line: 18, column: 36, message: "'ALIAS' is an alias of 'NOWHERE' (useExisting), but no module in scope of AppModule provides 'NOWHERE'." },
    {
      code: 'FW2005', severity: 'error', file, line: 19, column: 5,
      message: "'ASYNC' is made by an async factory, but it is request-scoped (through RequestLog): request-scoped instances are created while a call runs, so its dependents would receive a promise.",
    },
    { code: 'FW2006', severity: 'error', file, line: 20, column: 44, message: "The useFactory of 'NOT_A_FUNCTION' is `42`, of type 42, which is not a function." },
    { code: 'FW1002', severity: 'error', file, line: 21, column: 73, message: "Dependency cycle: 'EGG' -> 'CHICKEN' -> 'EGG'. None of these providers can be constructed." },
  ]);
  assert.equal(result.diagnostics.slice(0, 4).map((d) => d.hint), [
    'list one token per factory parameter in `inject`, in the order of the parameters.',
    "put the token of a Mailer at inject[0], or declare 'mailer' as Settings.",
    'add Mailer to the `injectables` of AppModule, or import the module that provides it.',
    "add 'NOWHERE' to the `injectables` of AppModule (or import the module that provides it), or alias a token that is provided.",
  ]);
  assert.is(result.ok, false);
});

test('factories, async factories, aliases and string/symbol tokens compile without diagnostics into calls of the entries', async () => {
  const result = await compileFixture('factory-providers');
  assert.equal(result.diagnostics.map(golden), []);
  const text = result.files[0]?.text ?? '';
  assert.ok(text.includes(`{ token: 'GREETING', name: "'GREETING'", scope: 'singleton', deps: [0], create: (d) => injectableFactory(AppModule, 2)(...d), source: 'app.module.ts:38:5' }`), text);
  assert.ok(text.includes(`{ token: 'CONNECTION', name: "'CONNECTION'", scope: 'singleton', deps: [4], create: (d) => d[0], source: 'app.module.ts:41:5' }`), text);
  assert.ok(text.includes('{ token: CLOCK, name: \'CLOCK\''), text);
});

test.run();
