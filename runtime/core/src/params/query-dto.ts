import { MalformedBodyException, NotValidBodyException, NotValidQueryException } from '../exceptions/request-exceptions.js';
import type { BodyEntry } from '../contract/tables.js';
import { bodyValidatorFor } from '../validation/body-validator.js';
import type { ArgumentSource } from '../contract/argument-source.js';
import type { Converter } from './convert.js';
import type { ListConverter } from './query-values.js';

/** What a `@Query()` reader reads: the first value of each name, and every value of a repeated one. */
export type QuerySource = Pick<ArgumentSource, 'queries' | 'queryValues'>;

/**
 * The reader of a whole `@Query() q: ListQueryDto`: converts the members the compiler knows a
 * type for (`limit: number`, `sort: 'asc' | 'desc'`; a missing one stays missing, so the class's
 * initialiser, `limit = 20`, is its value in the instance) and gives an
 * array member (`tags: string[]`, in `lists`) every value of its key, each converted; then
 * validates and hydrates the result like a body, through the DTO validation path (the compiled
 * validator when the compiler emitted one, else class-validator, loaded only then). Created once,
 * where the generated tables declare it. A failed rule is a 400 `NotValidQueryException`. A
 * Standard Schema (`@Query({ schema })`) is given the query's text as it is, for its own coercions
 * (`z.coerce.number()`), the first value of each key; a field whose input takes an array
 * (`z.array(z.string())`, in `lists` as `asStrings`) gets every value of its key.
 *
 * @example
 * const listQuery = validatedQuery<ListQueryDto>({ dto: ListQueryDto, members: ['limit', 'tags'] }, { limit: asNumber }, { tags: asStrings });
 * invoke: async (c, a) => c.list(await listQuery(a))
 */
export function validatedQuery<T extends object>(
  entry: BodyEntry,
  converters: Readonly<Record<string, Converter<unknown>>>,
  lists: Readonly<Record<string, ListConverter<unknown>>> = {},
): (source: QuerySource) => Promise<T> {
  const validate = bodyValidatorFor(entry);
  const converted = Object.entries(converters);
  const listed = Object.entries(lists);
  return async (source) => {
    const query = source.queries();
    const values: Record<string, unknown> = { ...query };
    for (const [member, convert] of converted) {
      if (Object.hasOwn(query, member)) values[member] = convert(query[member], member, 'query', true);
    }
    // Only the members declared as arrays read the query again, for every value of their key.
    for (const [member, convert] of listed) {
      if (Object.hasOwn(query, member)) values[member] = convert(source.queryValues(member), member, 'query', true);
    }
    try {
      return (await validate(values)) as T;
    } catch (error) {
      if (error instanceof NotValidBodyException) throw new NotValidQueryException(error.reasons);
      if (error instanceof MalformedBodyException) throw new MalformedBodyException(error.message.replace('Request body', 'The query'));
      throw error;
    }
  };
}
