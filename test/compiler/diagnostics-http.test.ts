import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

test('FW1008: a private handler', async () => {
  const result = await compileFixture('fw1008-private-handler');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1008',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1008-private-handler/src/app.module.ts',
      line: 6,
      column: 11,
      message: 'Handler SecretController.reveal is private; the router can only call public instance methods.',
    },
  ]);
});

test('FW1201: a body member without a class-validator decorator points at the member', async () => {
  const result = await compileFixture('fw1201-dto-member');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1201',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1201-dto-member/src/app.module.ts',
      line: 8,
      column: 3,
      message: "Member 'body' of body class CreateNoteDto has no class-validator decorator; every body member needs one.",
    },
  ]);
});

test("FW1202: @Param('x') whose path has no :x; the hint lists the path's params", async () => {
  const result = await compileFixture('fw1202-param');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1202',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1202-param/src/app.module.ts',
      line: 6,
      column: 11,
      message: "@Param('userId') of UsersController.findOne has no ':userId' in its route path '/users/:id'.",
    },
  ]);
  assert.is(result.diagnostics[0]?.hint, "the path declares ':id'; use one of them, or add '/:userId' to the path.");
});

test('FW1203: two handlers on the same method and path shape name both locations', async () => {
  const result = await compileFixture('fw1203-duplicate');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1203',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1203-duplicate/src/app.module.ts',
      line: 11,
      column: 3,
      message:
        'Duplicate route GET /users/:key: UsersController.findOne (app.module.ts:6:3) and UsersController.findByKey (app.module.ts:11:3) both handle it.',
    },
  ]);
});

test('FW1204: a @Body() whose type is not a class is a warning; the route still reads the body', async () => {
  const result = await compileFixture('fw1204-body-not-class');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1204',
      severity: 'warning',
      file: 'test/compiler/fixtures/fw1204-body-not-class/src/app.module.ts',
      line: 6,
      column: 10,
      message: "@Body() parameter 'body' of NotesController.create has type { title: string }, which is not a class, so the body is not validated.",
    },
  ]);
  const text = result.files[0]?.text ?? '';
  assert.ok(text.includes("c.create(a.body as Parameters<NotesController['create']>[0])"), text);
  assert.ok(text.includes('readsBody: true, status: 200'), text);
});

test('FW1205: a handler parameter without a parameter decorator', async () => {
  const result = await compileFixture('fw1205-undecorated-param');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1205',
      severity: 'error',
      file: 'test/compiler/fixtures/fw1205-undecorated-param/src/app.module.ts',
      line: 6,
      column: 8,
      message: "Parameter 'limit' of handler NotesController.list has no parameter decorator, so the router has nothing to pass.",
    },
  ]);
});

test.run();
