// The `pattern`s the OpenAPI document gives string-format rules (compiler/src/emit/openapi/format-schema.ts)
// accept exactly what validator.js's function accepts with class-validator's default arguments:
// random strings from an alphabet of the characters that matter, and well-shaped values with a
// character changed, are run through both (as a JSON Schema validator runs a pattern: `u` flag).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import validator from 'validator';
import { formatPatterns } from '../../compiler/src/emit/openapi/format-schema.js';
import { moreFormatSchema, morePatterns } from '../../compiler/src/emit/openapi/more-format-schema.js';

/** Strings near a shape: some built from its pieces, some with one character replaced, inserted or dropped. */
function near(pieces: fc.Arbitrary<string>, alphabet: string): fc.Arbitrary<string> {
  const unit = fc.constantFrom(...alphabet.split(''));
  const built = fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join(''));
  const mutated = fc.tuple(built, fc.nat(40), unit, fc.constantFrom('replace', 'insert', 'drop')).map(([text, at, char, how]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    if (how === 'insert') return text.slice(0, i) + char + text.slice(i);
    return text.slice(0, i) + (how === 'replace' ? char : '') + text.slice(i + 1);
  });
  return fc.oneof(built, mutated, fc.string({ unit, maxLength: 30 }));
}

const patterns: Record<string, string> = { ...formatPatterns, ...morePatterns };

const agree = (name: keyof typeof formatPatterns | keyof typeof morePatterns, check: (value: string) => boolean, values: fc.Arbitrary<string>, examples: readonly string[]) => {
  test(`${name}: the pattern accepts what validator.js accepts`, () => {
    const pattern = new RegExp(patterns[name]!, 'u');
    for (const value of examples) assert.is(pattern.test(value), check(value), `${name} on ${JSON.stringify(value)}`);
    fc.assert(fc.property(values, (value) => pattern.test(value) === check(value)), { numRuns: 20_000 });
  });
};

const hex = '0123456789abcdefABCDEF';
agree('alpha', (v) => validator.isAlpha(v), near(fc.constantFrom('a', 'Z', 'é', 'ß', '1', ' ', 'K'), 'aZé1 -_\u212a'), ['', 'abc', 'Straße', 'K']);
agree('alphanumeric', (v) => validator.isAlphanumeric(v), near(fc.constantFrom('a', 'Z', '0', '9', 'é'), 'aZ09é -'), ['', 'a1', 'a-1']);
agree('numberString', (v) => validator.isNumeric(v), near(fc.constantFrom('1', '0', '.', '-', '+', ','), '019.,+-e '), ['', '+.5', '1.', '-1.5', '1e5']);
agree('digits', (v) => validator.isNumeric(v, { no_symbols: true }), near(fc.constantFrom('1', '0', '.', '-'), '019.-+'), ['', '0', '-1']);
agree('ascii', (v) => validator.isAscii(v), near(fc.constantFrom('a', '\u0000', '\u007f', '\u0080', 'é', '😀'), 'a\u0000\u007f\u0080é'), ['', 'abc', '\u007f', '\u0080']);
agree('base64', (v) => validator.isBase64(v), near(fc.constantFrom('QUJD', 'QQ==', 'QUI=', 'a+/9', '=', 'A'), 'Aa0+/=-_'), ['', 'QQ==', 'QUI=', 'A===', 'QQ', 'QUJD====']);
agree('jwt', (v) => validator.isJWT(v), near(fc.constantFrom('eyJh', 'bGc', '.', '-_', '='), 'a.-_=+/'), ['a.b.c', '..', 'a.b', 'a.b.c.d', 'a=.b.c']);
agree('mongoId', (v) => validator.isMongoId(v), near(fc.constantFrom('507f1f77', 'bcf86cd7', '99439011', '0x', '0h', 'ab'), `${hex}xhXHg`), ['507f1f77bcf86cd799439011', `0x${'a'.repeat(22)}`, `0X${'a'.repeat(22)}`, `0h${'a'.repeat(22)}`]);
agree('semVer', (v) => validator.isSemVer(v), near(fc.constantFrom('1', '0', '.', '-', '+', 'beta', 'A', '01'), '01.-+aZ_'), ['1.2.3', '1.0.0-beta.1+build.5', '01.2.3', '1.2.3-', '1.2.3-RC.1+B']);
agree('decimal', (v) => validator.isDecimal(v), near(fc.constantFrom('1', '0', '.', '-', '+', ' '), '019.,+- '), ['', '-', '+', '.5', '1.', '- 1', '1 ']);
agree('hexadecimal', (v) => validator.isHexadecimal(v), near(fc.constantFrom('0x', '0h', 'ff', '09', 'G', 'X'), `${hex}xXhHgG `), ['', '0x', '0xff', '0Hff', 'ff', '0xx1']);
agree('octal', (v) => validator.isOctal(v), near(fc.constantFrom('0o', '17', '7', '8', 'O'), '0178oO '), ['', '0o', '0o17', '0O7', '8']);
agree('ethereumAddress', (v) => validator.isEthereumAddress(v), near(fc.constantFrom('0x', 'abcd', 'ABCD', '1234', '5678', 'g'), `${hex}xXg`), [`0x${'a'.repeat(40)}`, `0X${'A'.repeat(40)}`, `0x${'a'.repeat(39)}`]);
// class-validator's own test for `@IsFirebasePushId` and `@IsMilitaryTime`.
agree('firebasePushId', (v) => v.length === 20 && /^[a-zA-Z0-9_-]*$/.test(v), near(fc.constantFrom('abcde', 'XYZ12', '-_', '!'), 'aZ09-_! '), ['-KLzdp2kpnq5UXjP4hAH', 'a'.repeat(19), 'a'.repeat(21)]);
agree('militaryTime', (v) => validator.matches(v, /^([01]\d|2[0-3]):?([0-5]\d)$/), near(fc.constantFrom('1', '2', '3', '0', '5', '9', ':'), '012359:٣ '), ['13:45', '1345', '24:00', '23:59', '٢٣:٥٩']);
test('isHash: the pattern of each algorithm accepts what validator.js accepts', () => {
  for (const algorithm of ['md5', 'sha1', 'sha256', 'crc32']) {
    const schema = moreFormatSchema('isHash', [algorithm]);
    const pattern = new RegExp(schema?.pattern as string, 'u');
    for (let length = 1; length <= 130; length++) {
      for (const value of ['a'.repeat(length), 'F'.repeat(length), `${'a'.repeat(length - 1)}g`]) assert.is(pattern.test(value), validator.isHash(value, algorithm as 'md5'), `${algorithm} on ${value}`);
    }
    fc.assert(fc.property(near(fc.constantFrom('abcd', 'ABCD', '0123', '89ef', 'g'), `${hex}g`), (value) => pattern.test(value) === validator.isHash(value, algorithm as 'md5')), { numRuns: 5_000 });
  }
});

test.run();
