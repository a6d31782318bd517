// How generated tables import the user's declarations: by the name the declaring file exports them
// under, default exports with a real local name, `.d.ts` files of the app as files, merged
// declarations by their class, and generic controllers by their instance type.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFixture, importLines, startFixture, typeErrors } from './app-fixture.js';
import { compileFixture, golden } from './helpers.js';

const FROM = '../../../compiler/fixtures/exports-resolution/src';

test('the fixture builds without diagnostics (its untyped bodies say @Body({ validate: false })), and its generated tables type-check under strict tsc', async () => {
  const result = await buildFixture('exports-resolution');
  assert.equal(result.diagnostics.map((d) => d.code), [], JSON.stringify(result.diagnostics, null, 2));
  assert.equal(typeErrors('exports-resolution'), []);
});

test('a class exported under another name is imported under that name (`export { Foo as Bar }`)', async () => {
  const text = (await buildFixture('exports-resolution')).files[0]!.text;
  assert.ok(importLines(text).includes(`import { Bar as Foo } from '${FROM}/renamed.js';`), text);
  assert.ok(text.includes('create: classFactory<[]>(Foo)'));
});

test('default exports: named and anonymous classes get a real local name; @Inject(<default import>) finds the class (no FW1001)', async () => {
  const text = (await buildFixture('exports-resolution')).files[0]!.text;
  const imports = importLines(text);
  assert.ok(imports.includes(`import { default as Greeter } from '${FROM}/greeter.js';`), text);
  assert.ok(imports.includes(`import { default as AnonController } from '${FROM}/anon.controller.js';`), text);
  assert.not.match(text, /import default|new default\(|\bdefault\.prototype/);
  assert.ok(text.includes('create: classFactory<[Greeter]>(AnonController)'), 'the @Inject token is the Greeter provider');
});

test('a .d.ts under the source directory is one of the app\'s files, imported by its path (not as a package)', async () => {
  const text = (await buildFixture('exports-resolution')).files[0]!.text;
  assert.ok(importLines(text).includes(`import { Clock } from '${FROM}/gen/clock.js';`), text);
  assert.not.match(text, /from 'framework-monorepo'/);
});

test('user exports named Parameters or InstanceType are aliased, so the casts keep meaning the global types', async () => {
  const text = (await buildFixture('exports-resolution')).files[0]!.text;
  assert.ok(importLines(text).includes(`import { InstanceType as InstanceType_2, Parameters as Parameters_2 } from '${FROM}/reserved.js';`), text);
  assert.ok(text.includes("c.echo(a.body as Parameters<NamesController['echo']>[0])"));
});

test('a generic controller is named by its instance type: InstanceType<typeof C>', async () => {
  const text = (await buildFixture('exports-resolution')).files[0]!.text;
  assert.ok(text.includes('invoke: (c: InstanceType<typeof GenericController>) => c.list()'), text);
  assert.ok(text.includes("c.add(a.body as Parameters<InstanceType<typeof GenericController>['add']>[0])"), text);
});

test('an interface merged with a class (declared first) resolves to the class: a token, an injectable, no FW1006/FW1004', async () => {
  const result = await buildFixture('exports-resolution');
  // The fourth dependency of the controller is the class itself, in its factory's parameter tuple.
  assert.match(result.files[0]!.text, /classFactory<\[\w+, \w+, \w+, Svc,/);
  assert.not.ok(result.diagnostics.some((d) => d.code === 'FW1006' || d.code === 'FW1004'));
});

test('the app runs: every import resolves to the right class and each route answers', async () => {
  await buildFixture('exports-resolution');
  const app = await startFixture('exports-resolution');
  try {
    assert.is(await (await fetch(`${app.base}/anon`)).text(), 'hi from anon');
    assert.equal(await (await fetch(`${app.base}/names`)).json(), { greeter: 'hi', bar: 'foo', clock: 42, svc: 'merged', parameters: 'parameters', instanceType: 'instance type' });
    const post = (path: string, body: unknown) => fetch(`${app.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.is(await (await post('/names/echo', { text: 'echoed' })).text(), 'echoed');
    assert.is(await (await post('/generic', { any: 'thing' })).text(), '1');
    assert.equal(await (await fetch(`${app.base}/generic`)).json(), [{ any: 'thing' }]);
  } finally {
    await app.close();
  }
});

test('a class inside an exported namespace cannot be imported: FW1007 at the class', async () => {
  const result = await compileFixture('exports-namespace-member');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1007',
      severity: 'error',
      file: 'test/compiler/fixtures/exports-namespace-member/src/services.ts',
      line: 6,
      column: 16,
      message: 'Mailer is used by the application as a provider but is not exported from services.ts; the generated tables must import it.',
    },
  ]);
  // `export` is already there: the class has to leave the namespace.
  assert.is(
    result.diagnostics[0]?.hint,
    'move Mailer out of namespace Services to the top level of its file and export it there: an import can name a top-level export only, not a namespace member.',
  );
});

test.run();
