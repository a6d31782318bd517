// Compiled checks whose work could grow faster than the body: a 1 MiB body holds an array of about
// 250,000 numbers, so `@ArrayUnique()` must answer in time linear in its length (class-validator's
// own filter is quadratic), and still say what class-validator says; and a string of a million
// characters, so the formats whose validator.js function runs layered or optional expressions
// (or libphonenumber-js's parser) must answer in time linear in its length.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { arrayUnique } from '../../runtime/core/dist/validation/compiled/rule-checks.js';
import { isCurrency, isIBAN, isMobilePhone, isPostalCode, isTaxId } from '../../runtime/core/dist/validation/compiled/code-format-checks.js';
import { isByteLength, isDataURI, isHSL, isMagnetURI, isRFC3339, isRgbColor, isStrongPassword } from '../../runtime/core/dist/validation/compiled/text-format-checks.js';
import { isPhoneNumber } from '../../runtime/core/dist/validation/compiled/phone-number-check.js';
import { medianMs, scalesLinearly } from '../reliability/fixtures/linear-time.js';

test('ArrayUnique answers as an indexOf filter does: === equality, objects by reference, -0 as 0, never a NaN', () => {
  const shared = { a: 1 };
  const cases: [unknown[], boolean][] = [
    [[], true],
    [[1, 2, 3], true],
    [[1, 2, 1], false],
    [['1', 1], true],
    [[0, -0], false],
    [[{ a: 1 }, { a: 1 }], true],
    [[shared, shared], false],
    [[null, undefined], true],
    [[null, null], false],
    [[NaN], false],
  ];
  for (const [array, expected] of cases) {
    const reference = array.length === array.filter((a, b, c) => c.indexOf(a) === b).length;
    assert.is(reference, expected, `the reference filter on ${JSON.stringify(array)}`);
    assert.is(arrayUnique(array), expected, JSON.stringify(array));
  }
  assert.is(arrayUnique('abc'), false);
});

test('ArrayUnique takes time linear in the array', async () => {
  const distinct = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
  const [small, large] = [distinct(5_000), distinct(50_000)];
  const check = (array: number[]) => async () => assert.ok(arrayUnique(array));
  const verdict = scalesLinearly(await medianMs(check(small)), await medianMs(check(large)), 20);
  assert.ok(verdict.ok, verdict.message);
});

/** Each format with strings built to make its expressions backtrack: a long run of what they repeat, then a character that fails. */
const formats: [string, (value: string) => boolean, (n: number) => string][] = [
  ['isHSL', isHSL, (n) => `hsl(${'1,'.repeat(n / 2)}\n`],
  ['isHSL (spaces)', isHSL, (n) => `hsl(1${' '.repeat(n)}%`],
  ['isRgbColor', (v) => isRgbColor(v), (n) => `rgb(${'1,'.repeat(n / 2)}!`],
  ['isCurrency', (v) => isCurrency(v), (n) => `$${'1,000'.repeat(n / 5)}.x`],
  ['isDataURI', isDataURI, (n) => `data:${'a;'.repeat(n / 2)},`],
  ['isMagnetURI', isMagnetURI, (n) => `magnet:?xt=urn:btih:${'a&'.repeat(n / 2)}`],
  ['isRFC3339', isRFC3339, (n) => `2024-01-02T03:04:05.${'1'.repeat(n)}x`],
  ['isIBAN', (v) => isIBAN(v), (n) => `DE${'- '.repeat(n / 2)}!`],
  ['isMobilePhone (every locale)', (v) => isMobilePhone(v), (n) => `+${'1'.repeat(n)}x`],
  ['isPostalCode (every locale)', (v) => isPostalCode(v, 'any'), (n) => `${'1 '.repeat(n / 2)}x`],
  ['isTaxId', (v) => isTaxId(v), (n) => `${'1-'.repeat(n / 2)}x`],
  ['isByteLength', (v) => isByteLength(v, 1, 5), (n) => `${'é😀'.repeat(n / 3)}`],
  ['isStrongPassword', (v) => isStrongPassword(v), (n) => `${'aA1!😀'.repeat(n / 6)}`],
  ['isPhoneNumber', (v) => isPhoneNumber(v), (n) => `+${'1 '.repeat(n / 2)}x`],
];

for (const [name, check, build] of formats) {
  test(`${name} takes time linear in the string`, async () => {
    const [small, large] = [build(100_000), build(1_000_000)];
    const verdict = scalesLinearly(await medianMs(async () => check(small)), await medianMs(async () => check(large)), 20);
    assert.ok(verdict.ok, verdict.message);
  });
}

test.run();
