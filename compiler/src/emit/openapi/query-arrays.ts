import type { JsonSchema } from '../../ir/api.js';

/** How an array query parameter is written: the key repeated, as the server reads it and the typed client sends it. */
export const REPEATED = { style: 'form', explode: true } as const;

/** The runtime's `MAX_QUERY_VALUES`: the values one query key may have; more is a 400. */
export const MAX_QUERY_VALUES = 100;

/**
 * An array query parameter's schema with the runtime's cap as `maxItems` (a smaller `maxItems` of
 * its own rules stays).
 *
 * @example
 * capped({ type: 'array', items: { type: 'number' } }) // { type: 'array', items: { type: 'number' }, maxItems: 100 }
 */
export function capped(schema: JsonSchema): JsonSchema {
  const own = schema.maxItems;
  return { ...schema, maxItems: typeof own === 'number' && own < MAX_QUERY_VALUES ? own : MAX_QUERY_VALUES };
}
