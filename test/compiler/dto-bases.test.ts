// Body classes whose members come from a base the compiler cannot read decorators from: a DTO of
// another package (its .d.ts has none, its JavaScript applies them) and an expression base
// (`extends PartialType(NoteDto)`), whose members are read from its type.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFixture, startFixture, typeErrors } from './app-fixture.js';
import { compileFixture, golden } from './helpers.js';

test('members inherited from a package .d.ts are not FW1201; an expression base contributes its type\'s members', async () => {
  const result = await buildFixture('dto-bases');
  // Neither can be compiled: class-validator validates them at run time, and the build says why.
  const dtoFile = 'test/compiler/fixtures/dto-bases/src/notes.dto.ts';
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1701', severity: 'warning', file: dtoFile, line: 6, column: 14,
      message: "Body class NoteDto is validated by class-validator at run time, not by a compiled validator: member 'author' cannot be compiled (it is inherited from a .d.ts file, whose decorators are not readable).",
    },
    {
      code: 'FW1701', severity: 'warning', file: dtoFile, line: 13, column: 14,
      message: 'Body class UpdateNoteDto is validated by class-validator at run time, not by a compiled validator: its base class `PartialType(NoteDto)` cannot be compiled (what a base class made by a call adds is only known at run time).',
    },
  ]);
  const text = result.files[0]!.text;
  assert.ok(text.includes("const $NoteDto: DtoEntry = { dto: NoteDto, members: ['author', 'title'] };"), text);
  assert.ok(text.includes("const $UpdateNoteDto: DtoEntry = { dto: UpdateNoteDto, members: ['author', 'title', 'pinned'] };"), text);
  assert.equal(typeErrors('dto-bases'), []);
});

test('at run time the package\'s validators and the expression base\'s inherited ones apply', async () => {
  await buildFixture('dto-bases');
  const app = await startFixture('dto-bases');
  try {
    const send = (method: string, body: unknown) => fetch(`${app.base}/notes`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(await (await send('POST', { author: 'ada', title: 'hello' })).json(), { author: 'ada', title: 'hello' });
    const bad = await send('POST', { author: 5, title: 'hello' });
    assert.is(bad.status, 400);
    assert.equal(((await bad.json()) as { reasons: { property: string }[] }).reasons.map((r) => r.property), ['author']);
    assert.is((await send('PATCH', { author: 'ada', title: 'hello', pinned: true })).status, 200);
    assert.is((await send('PATCH', { author: 'ada', title: 'x', pinned: true })).status, 400, "NoteDto's @MinLength(2) through PartialType");
  } finally {
    await app.close();
  }
});

test('an expression base whose type does not name its members is FW1004 at the expression', async () => {
  const result = await compileFixture('dto-base-opaque');
  assert.equal(result.diagnostics.map(golden), [
    {
      code: 'FW1004',
      severity: 'error',
      file: 'test/compiler/fixtures/dto-base-opaque/src/loose.controller.ts',
      line: 7,
      column: 31,
      message:
        'The base class of body class LooseDto must be static (a class, or a call such as PartialType(CreateTodoDto) typed with the members of a class), but `untyped.Mixin(Object)` is only known at run time.',
    },
  ]);
});

test.run();
