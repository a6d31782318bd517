import { InvalidParameterException, type ParameterPlace } from '../exceptions/request-exceptions.js';

/**
 * Converters from the text of a path or query parameter to the handler's declared type. The
 * compiler emits one direct call per parameter (`asNumber(a.query('limit'), 'limit', 'query', true)`);
 * a missing required value or one that does not convert is a 400 `InvalidParameterException`
 * naming the parameter. With `optional`, a missing value is `undefined` (so a default applies).
 */
export interface Converter<T> {
  (raw: string | undefined, name: string, place: ParameterPlace): T;
  (raw: string | undefined, name: string, place: ParameterPlace, optional: true): T | undefined;
}

/** The text of a required parameter; its absence is a 400 "is required". */
export function required(raw: string | undefined, name: string, place: ParameterPlace): string {
  if (raw === undefined) throw new InvalidParameterException(name, place, 'is required');
  return raw;
}

/** The received text for a 400 message, cut at 40 characters. */
export const got = (raw: string): string => `got '${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}'`;

function converter<T>(convert: (raw: string, name: string, place: ParameterPlace) => T): Converter<T> {
  return ((raw: string | undefined, name: string, place: ParameterPlace, optional?: true) => {
    if (raw === undefined && optional) return undefined;
    return convert(required(raw, name, place), name, place);
  }) as Converter<T>;
}

/**
 * The text itself; only checks that a required parameter is there.
 *
 * @example
 * asString(a.query('q'), 'q', 'query') // 400 "Query parameter 'q' is required" without ?q=
 */
export const asString: Converter<string> = converter((raw) => raw);

// One way to match each text (the integer part cannot be split between two quantifiers), so a
// long string of digits followed by a letter is refused in linear time.
const decimal = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const integer = /^-?\d+$/;

/**
 * A decimal number (`42`, `-1.5`, `1e3`); not hex, not empty, not `Infinity`. An integer written
 * out in digits must be a safe integer (at most 2^53 - 1 in size): a larger one would silently
 * become another number (`9007199254740993` reads as `…992`).
 *
 * @example
 * asNumber(a.param('id'), 'id', 'path') // '42' → 42; 'abc' → 400
 */
export const asNumber: Converter<number> = converter((raw, name, place) => {
  const value = Number(raw);
  if (!decimal.test(raw) || !Number.isFinite(value)) throw new InvalidParameterException(name, place, `must be a number, ${got(raw)}`);
  if (!Number.isSafeInteger(value) && integer.test(raw)) {
    throw new InvalidParameterException(name, place, `must be a safe integer (at most ${Number.MAX_SAFE_INTEGER} in size), ${got(raw)}`);
  }
  return value;
});

/**
 * `true`/`1` or `false`/`0`.
 *
 * @example
 * asBoolean(a.query('done'), 'done', 'query', true) // 'true' → true; 'yes' → 400
 */
export const asBoolean: Converter<boolean> = converter((raw, name, place) => {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new InvalidParameterException(name, place, `must be true or false, ${got(raw)}`);
});

const isoDate = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * An ISO 8601 date or date-time (`2026-11-24`, `2026-11-24T14:00:00Z`). A date-time without a
 * zone is UTC, as a date alone is (never the server's local time); a day that does not exist
 * (`2026-02-30`) is refused rather than rolled into the next month.
 *
 * @example
 * asDate(a.query('since'), 'since', 'query', true) // '2026-11-24' → Date; '24/11/2026' → 400
 */
export const asDate: Converter<Date> = converter((raw, name, place) => {
  const match = isoDate.exec(raw);
  const value = match ? new Date(match[4] && !match[7] ? `${raw}Z` : raw) : undefined;
  // Date parsing rolls 2026-02-30 over to March 2; only a day that exists in its month is a date.
  const day = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(value!.getTime()) || new Date(day).getUTCDate() !== Number(match[3]) || new Date(day).getUTCMonth() !== Number(match[2]) - 1) {
    throw new InvalidParameterException(name, place, `must be an ISO 8601 date (2026-11-24 or 2026-11-24T14:00:00Z), ${got(raw)}`);
  }
  return value!;
});

/**
 * A converter to one of the values of an enum or a union of literals, matched by their text
 * (`1` for a numeric member). Built once, where the generated tables declare it.
 *
 * @example
 * const sortOrder = oneOf(['asc', 'desc'] as const);
 * sortOrder(a.query('sort'), 'sort', 'query', true) // 'asc' → 'asc'; 'up' → 400 "must be one of 'asc', 'desc'"
 */
export function oneOf<const T extends string | number>(values: readonly T[]): Converter<T> {
  const byText = new Map<string, T>(values.map((value) => [String(value), value]));
  const listed = values.map((value) => `'${String(value)}'`).join(', ');
  return converter((raw, name, place) => {
    const value = byText.get(raw);
    if (value === undefined) throw new InvalidParameterException(name, place, `must be one of ${listed}, ${got(raw)}`);
    return value;
  });
}
