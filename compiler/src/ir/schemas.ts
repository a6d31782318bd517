/** Standard Schema values (Zod, Valibot, ArkType…) named where a DTO class would go. Plain data, as the rest of the IR (see `index.ts`). */

import type { SourceLocation, ValueRef } from './source.js';

/**
 * A Standard Schema v1 value given as `{ schema }` to `@Body`/`@Query`, or to `ConfigModule.forRoot`:
 * a module-level `const` the generated tables import, with its types as the checker sees them.
 */
export interface SchemaIR {
  readonly ref: ValueRef;
  /** The expression naming it (where its diagnostics point). */
  readonly location: SourceLocation;
  /** What a successful validation gives, as tsc writes it. */
  readonly outputText: string;
  /** The property names of its output, when the output is an object type (configuration keys). */
  readonly outputKeys: readonly string[];
  /** For `@Query({ schema })`: the fields whose input takes an array of text (`z.array(z.string())`), given every value of their key. */
  readonly queryLists?: readonly string[];
  /** Its type says it validates asynchronously (Valibot's `…Async` schemas); Zod's async refinements only show at run time. */
  readonly async?: true;
}
