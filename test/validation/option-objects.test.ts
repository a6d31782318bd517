// validator.js's options objects as users meet them: one spelt wrong is a build error at its line
// (framework-build exits non-zero and writes nothing), and the same rules written right answer over a
// real socket as class-validator does with them, body for body.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FrameworkApplication, type ApplicationTables, type DtoEntry } from '@framework/core';
import { loadClassValidator } from '@framework/core/validators';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DtoValidator } from '../../runtime/core/dist/validation/dto-validator.js';
import { cli, ROOT } from '../compiler/helpers.js';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/option-objects/src/app.module.js';

test('an option validator.js does not read fails the build at its line, with the option meant', () => {
  const out = path.join(ROOT, 'test/.tmp/option-typo');
  rmSync(out, { recursive: true, force: true });
  const run = cli(['test/validation/fixtures/option-typo/src', '--out', out]);
  try {
    assert.is(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stdout, "test/validation/fixtures/option-typo/src/app.module.ts:6:3 - error FW1705: @IsStrongPassword on member 'password' of body class SignupDto passes the option 'minLenght', which validator.js's isStrongPassword does not read");
    assert.match(run.stdout, "did you mean 'minLength'?");
    assert.not.ok(existsSync(path.join(out, 'tables.ts')), 'no tables are written');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('checked options objects validate over HTTP as class-validator does with them', async () => {
  const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/option-objects/', import.meta.url));
  const entry = tables.routes[0]!.body as DtoEntry;
  assert.type(entry.validate, 'function', 'the DTO is compiled');
  // The reference: class-validator, given the decorations the fixture recorded.
  await loadClassValidator();
  const reference = new DtoValidator(entry);
  const app = new FrameworkApplication(tables);
  await app.init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  const bodies = [
    { password: 'Correct1horse' },
    { password: 'Short1horse' },
    { password: 'correct1horse' },
    { password: 'Correct1horse', iban: 'DE89 3704 0044 0532 0130 00' },
    { password: 'Correct1horse', iban: 'GB82WEST12345698765432' },
    { password: 'Correct1horse', price: '1.234,56 €' },
    { password: 'Correct1horse', price: '€1,234.56' },
    { password: 'Correct1horse', issn: '2049-3630' },
    { password: 'Correct1horse', issn: '20493630' },
    { password: 'Correct1horse', mobile: '+4915123456789' },
    { password: 'Correct1horse', mobile: '015123456789' },
  ];
  const statuses: number[] = [];
  try {
    for (const body of bodies) {
      const response = await fetch(`http://127.0.0.1:${port}/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = { status: response.status, body: await response.json() };
      const expected = await reference.validate(structuredClone(body)).then(
        (dto) => ({ status: 200, body: JSON.parse(JSON.stringify(dto)) as unknown }),
        (error: { status: number; toJSON: () => unknown }) => ({ status: error.status, body: JSON.parse(JSON.stringify(error.toJSON())) as unknown }),
      );
      assert.equal(answer, expected, JSON.stringify(body));
      statuses.push(answer.status);
    }
  } finally {
    await app.close();
  }
  // Each option refuses a body that another value of it would take: the comparison is not of passes alone.
  assert.equal(statuses, [200, 400, 400, 200, 400, 200, 400, 200, 400, 200, 400]);
});

test.run();
