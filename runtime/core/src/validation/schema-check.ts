import type { BodyEntry, SchemaEntry } from '../contract/tables.js';
import type { ValidationReason } from '../exceptions/request-exceptions.js';
import type { StandardSchemaV1 } from '../types/standard-schema.js';
import { isThenable } from '../types/thenable.js';
import { isArrayEntry } from './array-body.js';
import { cappedReasons, DEFAULT_MAX_REASONS } from './reason-cap.js';

/** Whether the entry is a Standard Schema's (else a DTO class's). */
export const isSchemaEntry = (entry: BodyEntry): entry is SchemaEntry => 'schema' in entry;

/** The name a body entry is known by in messages (`CreateTodoDto`, `ItemDto[]` for an array of it, or the schema's const `CreateTodo`). */
export const bodyEntryName = (entry: BodyEntry): string => (isSchemaEntry(entry) ? entry.name : isArrayEntry(entry) ? `${entry.dto.name}[]` : entry.dto.name);

/**
 * A Standard Schema's check, in the shape of a compiled DTO's: the schema's output (transforms and
 * defaults applied), with one reason per issue pushed to `reasons` in the library's order. Nothing
 * runs but the library's own `validate`; its result stays synchronous when the library answers
 * synchronously, and is a promise only when the schema is async. At most `maxReasons` issues
 * become reasons, then one that counts the rest (`moreReasons`).
 *
 * @example
 * const check = schemaCheckFor({ schema: CreateTodo, name: 'CreateTodo' }); // at init
 * const reasons = []; const dto = check({ title: '' }, reasons); // reasons[0].property === 'title'
 */
export function schemaCheckFor(entry: SchemaEntry, maxReasons = DEFAULT_MAX_REASONS): (value: unknown, reasons: ValidationReason[]) => object | Promise<object> {
  const validate = entry.schema['~standard'].validate;
  const outputOf = (result: StandardSchemaV1.Result<unknown>, reasons: ValidationReason[]): object => {
    if (result.issues === undefined) return result.value as object;
    const { issues } = result;
    reasons.push(...cappedReasons(issues.length, (i) => reasonOf(issues[i]!), maxReasons));
    return EMPTY;
  };
  return (value, reasons) => {
    const result = validate(value);
    if (isThenable(result)) return Promise.resolve(result).then((settled) => outputOf(settled, reasons));
    return outputOf(result, reasons);
  };
}

// What a failed check returns: never handed to a handler, as the reasons answer first.
const EMPTY: object = Object.freeze({});

/**
 * One issue as a reason: its path joined with dots like a DTO's (`items.0.sku`), its message, and
 * its code as the constraint where the library gives one (Zod's and ArkType's `code`, Valibot's `type`).
 *
 * @example
 * reasonOf({ message: 'Too small', path: ['items', 0, 'quantity'], code: 'too_small' })
 * // { property: 'items.0.quantity', errorMessage: 'Too small', constraints: ['too_small'] }
 */
export function reasonOf(issue: StandardSchemaV1.Issue): ValidationReason {
  const path = issue.path ?? [];
  let property = '';
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    property += (i === 0 ? '' : '.') + String(key);
  }
  const extra = issue as { readonly code?: unknown; readonly type?: unknown };
  const code = typeof extra.code === 'string' ? extra.code : typeof extra.type === 'string' ? extra.type : undefined;
  return { property, errorMessage: issue.message, constraints: code === undefined ? [] : [code] };
}
