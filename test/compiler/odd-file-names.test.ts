/**
 * Source files whose names hold a quote, a space or a `$` are imported by the generated tables as
 * any other: the specifier is a string literal of its own, so the tables type-check and the app serves.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFixture, importLines, startFixture, typeErrors } from './app-fixture.js';

test("a file named it's here.controller.ts in a folder named o'brien dir is imported, type-checks and serves", async () => {
  const result = await buildFixture('odd-file-names');
  assert.equal(result.diagnostics, []);
  const tables = result.files.find((f) => f.path.endsWith('tables.ts'))!.text;
  assert.ok(importLines(tables).includes(`import { OddController } from "../../../compiler/fixtures/odd-file-names/src/o'brien dir/it's here.controller.js";`), importLines(tables).join('\n'));
  assert.equal(typeErrors('odd-file-names'), []);
  const app = await startFixture('odd-file-names');
  try {
    const answer = await fetch(`${app.base}/odd`);
    assert.is(answer.status, 200);
    assert.is(await answer.text(), 'hello');
  } finally {
    await app.close();
  }
});

test.run();
