import { InvalidParameterException, type ParameterPlace } from '../exceptions/request-exceptions.js';
import { asBoolean, asDate, asNumber, asString, type Converter } from './convert.js';

/**
 * The values one query key may repeat at most for an array parameter; one more is a 400. Each is
 * converted and then validated, so the cap bounds that work whatever the URL's length.
 */
export const MAX_QUERY_VALUES = 100;

/**
 * A converter from every value of a repeated query key to an array of the declared element type.
 * With `optional`, an absent key is `undefined` (so a default or `@IsOptional()` applies).
 */
export interface ListConverter<T> {
  (raw: readonly string[] | undefined, name: string, place: ParameterPlace): T[];
  (raw: readonly string[] | undefined, name: string, place: ParameterPlace, optional: true): T[] | undefined;
}

/**
 * The list converter over one element converter: at most `MAX_QUERY_VALUES` values, each converted
 * as a scalar of its type is, a bad one a 400 naming the key and its index (`ids[1]`). Built once,
 * where the generated tables declare it.
 *
 * @example
 * const sorts = eachOf(oneOf(['asc', 'desc'] as const));
 * sorts(a.queryValues('sort'), 'sort', 'query', true) // ?sort=asc&sort=desc → ['asc', 'desc']; ?sort=up → 400 "Query parameter 'sort[0]' must be one of 'asc', 'desc', got 'up'"
 */
export function eachOf<T>(convert: Converter<T>): ListConverter<T> {
  return ((raw: readonly string[] | undefined, name: string, place: ParameterPlace, optional?: true) => {
    if (raw === undefined) {
      if (optional) return undefined;
      throw new InvalidParameterException(name, place, 'is required');
    }
    if (raw.length > MAX_QUERY_VALUES) throw new InvalidParameterException(name, place, `is repeated ${raw.length} times, more than the ${MAX_QUERY_VALUES} values one key may have`);
    const values = new Array<T>(raw.length);
    for (let i = 0; i < raw.length; i++) values[i] = convert(raw[i], `${name}[${i}]`, place);
    return values;
  }) as ListConverter<T>;
}

/**
 * Every value of a `string[]` query parameter.
 *
 * @example
 * asStrings(a.queryValues('tag'), 'tag', 'query', true) // ?tag=a&tag=b → ['a', 'b']; no tag → undefined
 */
export const asStrings: ListConverter<string> = eachOf(asString);

/**
 * Every value of a `number[]` query parameter, each as `asNumber` reads one.
 *
 * @example
 * asNumbers(a.queryValues('id'), 'id', 'query') // ?id=1&id=2 → [1, 2]; ?id=1&id=x → 400 "Query parameter 'id[1]' must be a number, got 'x'"
 */
export const asNumbers: ListConverter<number> = eachOf(asNumber);

/**
 * Every value of a `boolean[]` query parameter, each as `asBoolean` reads one.
 *
 * @example
 * asBooleans(a.queryValues('flag'), 'flag', 'query', true) // ?flag=true&flag=0 → [true, false]
 */
export const asBooleans: ListConverter<boolean> = eachOf(asBoolean);

/**
 * Every value of a `Date[]` query parameter, each as `asDate` reads one.
 *
 * @example
 * asDates(a.queryValues('day'), 'day', 'query', true) // ?day=2026-11-24&day=2026-11-25 → [Date, Date]
 */
export const asDates: ListConverter<Date> = eachOf(asDate);
