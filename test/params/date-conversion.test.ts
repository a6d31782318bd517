// Regression: `asDate` rolled days that do not exist into the next month (2026-02-30 became
// March 2) and read a date-time without a zone in the server's local time.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asDate } from '../../runtime/core/src/params/convert.js';

const refused = (raw: string): boolean => {
  try {
    asDate(raw, 'since', 'query');
    return false;
  } catch (error) {
    return (error as Error).message.startsWith("Query parameter 'since' must be an ISO 8601 date");
  }
};

test('a day that does not exist in its month is a 400, not the next month', () => {
  for (const raw of ['2026-02-30', '2023-02-29', '2026-04-31', '2026-13-01', '2026-00-10']) assert.ok(refused(raw), raw);
  assert.is(asDate('2024-02-29', 'since', 'query').toISOString(), '2024-02-29T00:00:00.000Z');
});

test('a date-time without a zone is UTC, as a date alone is', () => {
  assert.is(asDate('2026-11-24T14:00', 'since', 'query').toISOString(), '2026-11-24T14:00:00.000Z');
  assert.is(asDate('2026-11-24T14:00:00+02:00', 'since', 'query').toISOString(), '2026-11-24T12:00:00.000Z');
});

test.run();
