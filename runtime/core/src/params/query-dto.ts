import { MalformedBodyException, NotValidBodyException, NotValidQueryException } from '../exceptions/request-exceptions.js';
import type { BodyEntry } from '../contract/tables.js';
import { bodyValidatorFor } from '../validation/body-validator.js';
import type { Converter } from './convert.js';

/**
 * The reader of a whole `@Query() q: ListQueryDto`: converts the members the compiler knows a
 * type for (`limit: number`, `sort: 'asc' | 'desc'`; a missing one stays missing), then validates
 * and hydrates the result like a body, through the DTO validation path (the compiled validator when
 * the compiler emitted one, else class-validator, loaded only then). Created once, where the
 * generated tables declare it. A failed rule is a 400 `NotValidQueryException`. A Standard Schema
 * (`@Query({ schema })`) is given the query's text as it is, for its own coercions (`z.coerce.number()`).
 *
 * @example
 * const listQuery = validatedQuery<ListQueryDto>({ dto: ListQueryDto, members: ['limit', 'sort'] }, { limit: asNumber });
 * invoke: async (c, a) => c.list(await listQuery(a.queries()))
 */
export function validatedQuery<T extends object>(entry: BodyEntry, converters: Readonly<Record<string, Converter<unknown>>>): (query: Record<string, string>) => Promise<T> {
  const validate = bodyValidatorFor(entry);
  const converted = Object.entries(converters);
  return async (query) => {
    const values: Record<string, unknown> = { ...query };
    for (const [member, convert] of converted) {
      if (Object.hasOwn(query, member)) values[member] = convert(query[member], member, 'query', true);
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
