// The rarer formats compiled, over a real socket: `@IsPhoneNumber`, `@IsPostalCode` with `each` and
// `@IsISBN(13)` answer valid bodies with the instance and invalid ones with class-validator's
// messages, without loading class-validator; and `@framework/core/validation`'s bundle holds
// neither the codes' tables nor libphonenumber-js, which only their own subpaths bring.
import { readFileSync } from 'node:fs';
import { FrameworkApplication, type ApplicationTables, type DtoEntry } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/contacts/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/contacts/', import.meta.url));

test('phone numbers, postal codes and ISBNs are checked by the compiled validators over HTTP', async () => {
  for (const route of tables.routes) assert.type((route.body as DtoEntry | undefined)?.validate, 'function', `${route.path} is compiled`);
  const app = new FrameworkApplication(tables);
  await app.init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { reasons?: { property: string; errorMessage: string }[] } };
  };
  try {
    const good = await post('/contacts', { name: 'Ada', phone: '+33 1 23 45 67 89', zips: ['75001', '69002'], extra: 1 });
    assert.equal(good, { status: 200, body: { name: 'Ada', phone: '+33 1 23 45 67 89', zips: ['75001', '69002'] } });
    const bad = await post('/contacts', { name: 'Ada', phone: '+1 202 555 0143', zips: ['75001', '7500'] });
    assert.is(bad.status, 400);
    assert.equal(bad.body.reasons?.map((r) => [r.property, r.errorMessage]), [
      ['phone', 'phone: a French number, please'],
      ['zips', 'each value in zips must be a postal code'],
    ]);
    assert.is((await post('/contacts/books', { isbn: '978-3-16-148410-0' })).status, 200);
    const notIsbn13 = await post('/contacts/books', { isbn: '0-306-40615-2' });
    assert.equal(notIsbn13.body.reasons?.map((r) => r.errorMessage), ['isbn must be an ISBN']);
  } finally {
    await app.close();
  }
  const loaded = Object.keys((await import('node:module')).createRequire(import.meta.url).cache).filter((file) => file.includes('/class-validator/'));
  assert.equal(loaded, [], 'class-validator is never loaded');
});

test("the main validation bundle (what every compiled app loads) holds neither the codes' tables nor libphonenumber-js", () => {
  const seen = new Set<string>();
  const read = (url: URL): string => {
    if (seen.has(url.href)) return '';
    seen.add(url.href);
    const text = readFileSync(url, 'utf8');
    const imports = [...text.matchAll(/^import[^'"]*['"](\.[^'"]+)['"]/gm)].map((m) => new URL(m[1]!, url));
    return text + imports.map(read).join('');
  };
  const main = read(new URL('../../runtime/core/dist/bundle/validation/index.js', import.meta.url));
  assert.ok(main.includes('validator/lib/isEmail.js'), 'the walk reaches the validator.js modules of the main checks');
  for (const absent of ['validator/lib/isTaxID.js', 'validator/lib/isPostalCode.js', 'validator/lib/isBase58.js', 'libphonenumber-js']) {
    assert.not.ok(main.includes(absent), `${absent} is not in the main bundle`);
  }
  const codes = read(new URL('../../runtime/core/dist/bundle/validation/compiled/code-format-checks.js', import.meta.url));
  assert.ok(codes.includes('validator/lib/isTaxID.js'), "the codes' subpath brings them");
});

test.run();
