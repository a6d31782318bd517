import type { JsonSchema } from '../../ir/api.js';
import type { ParamIR, PipeIR } from '../../ir/index.js';

/** How an array query parameter is written: the key repeated, as the server reads it and the typed client sends it. */
export const REPEATED = { style: 'form', explode: true } as const;

/** The runtime's `MAX_QUERY_VALUES`: the values one query key may have; more is a 400. */
export const MAX_QUERY_VALUES = 100;

/** The extension naming a joined parameter's separator when it is not a comma, for the typed client. */
export const SEPARATOR_EXTENSION = 'x-separator';

/** How a joined query parameter is written (`joinedStyle`). */
export interface JoinedStyle {
  readonly style: 'form';
  readonly explode: false;
  readonly description?: string;
  readonly [SEPARATOR_EXTENSION]?: string;
}

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

/**
 * The separator at which the framework's `ParseArrayPipe` cuts a query array's values, when it is
 * the first of the parameter's pipes and is given every value; undefined otherwise, and for `''`
 * (each value kept whole: the key repeated describes it).
 *
 * @example
 * separatorOf(param) // ',' for `@Query('ids', new ParseArrayPipe({ items: Number })) ids: number[]`
 */
export function separatorOf(param: ParamIR): string | undefined {
  const pipe = param.pipes?.[0];
  if (!param.pipesTakeEvery || !pipe || !isParseArrayPipe(pipe)) return undefined;
  const options = pipe.kind === 'instance' ? pipe.args[0] : undefined;
  // The options as the tables write them: JSON, where `items` may be a bare constructor, so the separator is read alone.
  const written = options?.match(/"separator":\s*("(?:[^"\\]|\\.)*")/)?.[1];
  const separator = written === undefined ? ',' : (JSON.parse(written) as string);
  return separator === '' ? undefined : separator;
}

/**
 * A query array `ParseArrayPipe` cuts, as one value of items joined by its separator
 * (`?ids=1,2`): `style: form, explode: false`; another separator than a comma is said in the
 * description and named by `x-separator`, which the typed client joins with.
 *
 * @example
 * joinedStyle('tag', '|') // { style: 'form', explode: false, description: "Items joined by '|' (?tag=a|b), …", 'x-separator': '|' }
 */
export function joinedStyle(name: string, separator: string): JoinedStyle {
  if (separator === ',') return { style: 'form', explode: false };
  const shown = JSON.stringify(separator).slice(1, -1);
  return {
    style: 'form',
    explode: false,
    description: `Items joined by '${shown}' (?${name}=a${shown}b), not by commas; an item cannot hold '${shown}'.`,
    [SEPARATOR_EXTENSION]: separator,
  };
}

/** The framework's own `ParseArrayPipe` (not a class of the application's that shares its name). */
const isParseArrayPipe = (pipe: PipeIR): boolean =>
  pipe.ref.name === 'ParseArrayPipe' && pipe.ref.from.kind === 'package' && /^@framework\/core(\/|$)/.test(pipe.ref.from.specifier);
