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

function present(raw: string | undefined, name: string, place: ParameterPlace): raw is string {
  if (raw === undefined) throw new InvalidParameterException(name, place, 'is required');
  return true;
}

const got = (raw: string): string => `got '${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}'`;

function converter<T>(convert: (raw: string, name: string, place: ParameterPlace) => T): Converter<T> {
  return ((raw: string | undefined, name: string, place: ParameterPlace, optional?: true) => {
    if (raw === undefined && optional) return undefined;
    return present(raw, name, place) ? convert(raw, name, place) : undefined;
  }) as Converter<T>;
}

/**
 * The text itself; only checks that a required parameter is there.
 *
 * @example
 * asString(a.query('q'), 'q', 'query') // 400 "Query parameter 'q' is required" without ?q=
 */
export const asString: Converter<string> = converter((raw) => raw);

const decimal = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A decimal number (`42`, `-1.5`, `1e3`); not hex, not empty, not `Infinity`.
 *
 * @example
 * asNumber(a.param('id'), 'id', 'path') // '42' → 42; 'abc' → 400
 */
export const asNumber: Converter<number> = converter((raw, name, place) => {
  const value = Number(raw);
  if (!decimal.test(raw) || !Number.isFinite(value)) throw new InvalidParameterException(name, place, `must be a number, ${got(raw)}`);
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

const isoDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * An ISO 8601 date or date-time (`2026-11-24`, `2026-11-24T14:00:00Z`).
 *
 * @example
 * asDate(a.query('since'), 'since', 'query', true) // '2026-11-24' → Date; '24/11/2026' → 400
 */
export const asDate: Converter<Date> = converter((raw, name, place) => {
  const value = new Date(raw);
  if (!isoDate.test(raw) || Number.isNaN(value.getTime())) throw new InvalidParameterException(name, place, `must be an ISO 8601 date (2026-11-24 or 2026-11-24T14:00:00Z), ${got(raw)}`);
  return value;
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
