import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const at = (fixture: string, code: string, line: number, column: number, message: string) => ({
  code, severity: 'error', file: `test/compiler/fixtures/${fixture}/src/app.module.ts`, line, column, message,
});
const PIPES = 'fw2308-pipe-types';
const mismatch = 'the handler would receive a value of another type than it declares (and the generated tables would not type-check).';

test('FW2308/FW2309: pipes whose types contradict the parameter or each other, at the parameter or the pipe', async () => {
  const result = await compileFixture(PIPES);
  assert.equal(result.diagnostics.map(golden), [
    at(PIPES, 'FW2308', 27, 54, `Parameter 'limit' of ItemsController.list is declared as string, but its last pipe ParseIntPipe produces number: ${mismatch}`),
    at(PIPES, 'FW2309', 32, 20, "DoublePipe on parameter 'id' of ItemsController.one is given string (the path parameter's text), but its transform takes number."),
    at(PIPES, 'FW2308', 37, 35, `Parameter 'slug' of ItemsController.bySlug is declared as string, but its last pipe SlugPipe produces { slug: string; }: ${mismatch}`),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    "declare 'limit' as number, or end its pipes with one whose transform returns string.",
    'put a pipe that produces number before DoublePipe, or let its transform take string.',
    "declare 'slug' as { slug: string; }, or end its pipes with one whose transform returns string.",
  ]);
});

test('FW2310: a pipe class whose constructor takes options is reported where it is used, with the `new` to write', async () => {
  const result = await compileFixture('fw2310-pipe-constructor');
  assert.equal(result.diagnostics.map(golden), [
    at(
      'fw2310-pipe-constructor', 'FW2310', 17, 24,
      "PageSizePipe is given to parameter 'limit' of ItemsController.list as a class, so the injector must create it, but its constructor takes 'max: number', a value no token provides.",
    ),
  ]);
  assert.is(result.diagnostics[0]!.hint, "create it here with its arguments: `new PageSizePipe(<max>)` with literal values (the tables create it once); or give 'max' a default value so the injector can create it.");
});

test('FW1001/FW2003: a provider that another module of the application supplies is fixed by importing that module', async () => {
  const fixture = 'fw2003-provider-in-other-module';
  const result = await compileFixture(fixture);
  assert.equal(result.diagnostics.map(golden), [
    at(fixture, 'FW1001', 26, 32, "MailController needs 'mailer: Mailer' (constructor parameter 1), but no module in scope of NotifyModule provides Mailer."),
    at(fixture, 'FW2003', 37, 124, 'The factory of Sender injects ConfigService (inject[0]), but no module in scope of NotifyModule provides ConfigService.'),
  ]);
  assert.equal(result.diagnostics.map((d) => d.hint), [
    'MailModule provides Mailer: add MailModule to the `imports` of NotifyModule.',
    'EnvModule provides ConfigService: add EnvModule to the `imports` of NotifyModule.',
  ]);
});

test.run();
