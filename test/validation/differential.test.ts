// The compiled validators against class-validator on the same DTOs: random and edge bodies for every
// compiled decorator (nested objects and arrays, missing, extra and forbidden members), and the
// verdict, the full 400 body or the instance handed to the handler (members, order, classes) must
// be the same. Seeded; the seed is printed on failure (DIFF_SEED=<seed> replays it).
import type { ApplicationTables, DtoEntry } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DtoValidator } from '../../runtime/core/dist/validation/dto-validator.js';
import { bodyValidatorFor } from '../../runtime/core/dist/validation/body-validator.js';
import { compileFixture } from '../compile-fixture.js';
import { describeOutcome, type Outcome } from './outcome.js';
import { seeded } from '../seeded-random.js';
import { bodyGenerator } from './bodies.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/differential/', import.meta.url));
const entries = tables.routes.map((route) => route.body).filter((entry): entry is DtoEntry => entry !== undefined);

/** How many bodies per DTO: a count, not a time budget, so a busy machine runs the same cases. */
const CASES = Number(process.env.DIFF_CASES ?? 5000);

async function outcomeOf(run: () => unknown): Promise<Outcome> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}

test('every DTO of the fixture is compiled', () => {
  assert.equal(entries.map((e) => [e.dto.name, typeof e.validate]), [['EverythingDto', 'function'], ['FormatsDto', 'function'], ['MoreFormatsDto', 'function'], ['PointDto', 'function'], ['TaggedPointDto', 'function']]);
});

test('compiled validators answer as class-validator does, body for body', async () => {
  const seed = Number(process.env.DIFF_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const random = seeded(seed);
  const started = Date.now();
  let cases = 0;
  const verdicts = { valid: 0, invalid: 0, malformed: 0 };
  for (const entry of entries) {
    const compiled = bodyValidatorFor(entry);
    const reference = new DtoValidator(entry);
    const next = bodyGenerator(entry, random);
    for (let i = 0; i < CASES; i++) {
      const text = next();
      const mine = describeOutcome(await outcomeOf(() => compiled(JSON.parse(text))));
      const theirs = describeOutcome(await outcomeOf(() => reference.validate(JSON.parse(text))));
      if (mine !== theirs) {
        assert.fixture(mine, theirs, `DIFF_SEED=${seed}: ${entry.dto.name} answers differently to ${text}`);
      }
      verdicts[mine.startsWith('valid') ? 'valid' : mine.includes('NotValidBodyException') ? 'invalid' : 'malformed']++;
      cases++;
    }
  }
  if (process.env.DIFF_VERBOSE) console.log(cases, verdicts, Date.now() - started, 'ms');
  assert.is(cases, CASES * entries.length);
  // The generator must reach every verdict, or the comparison proves little.
  assert.ok(verdicts.valid > cases / 50 && verdicts.invalid > cases / 4 && verdicts.malformed > 0, `verdicts ${JSON.stringify(verdicts)} (DIFF_SEED=${seed})`);
});

test('a body member named hasOwnProperty is a member like any other (class-validator throws on it)', async () => {
  const formats = entries.find((entry) => entry.dto.name === 'FormatsDto')!;
  const outcome = describeOutcome(await outcomeOf(() => bodyValidatorFor(formats)({ filled: { hasOwnProperty: 1 }, settled: [{ hasOwnProperty: null, b: 1 }] })));
  assert.ok(outcome.includes('NotValidBodyException'), outcome);
  assert.not.match(outcome, /filled|settled/, 'neither member is refused');
});

test('a lone surrogate under @IsByteLength is refused with the rule\'s 400 (class-validator throws on it)', async () => {
  const more = entries.find((entry) => entry.dto.name === 'MoreFormatsDto')!;
  const body = { bic: 'DEUTDEFF', bytes: '\ud800' };
  const outcome = describeOutcome(await outcomeOf(() => bodyValidatorFor(more)(body)));
  assert.match(outcome, /NotValidBodyException 400/);
  assert.match(outcome, /bytes's byte length must fall into \(2, 4\) range/);
  const reference = describeOutcome(await outcomeOf(() => new DtoValidator(more).validate(body)));
  assert.match(reference, /^crash URIError/, 'class-validator still throws here: the difference is documented');
});

test.run();
