// Compiled checks whose work could grow faster than the body: a 1 MiB body holds an array of about
// 250,000 numbers, so `@ArrayUnique()` must answer in time linear in its length (class-validator's
// own filter is quadratic), and still say what class-validator says.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { arrayUnique } from '../../runtime/core/dist/validation/compiled/rule-checks.js';
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

test.run();
