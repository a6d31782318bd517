import type { ValidationError } from 'class-validator';
import type { Class } from '../types/class.js';

/** What a member's rules say its text converts to: rules of numbers make a number, `@IsBoolean` a boolean. */
type Conversion = 'number' | 'boolean' | 'string';

const NUMBER_RULES = new Set(['isInt', 'isNumber', 'min', 'max', 'isPositive', 'isNegative', 'isDivisibleBy']);

/** The members a schema's class-validator rules name, each with its conversion and whether it is optional. */
export interface SchemaMember {
  readonly name: string;
  readonly conversion: Conversion;
  readonly optional: boolean;
}

type ClassValidatorModule = typeof import('class-validator');

/**
 * Reads the members of a schema class from class-validator's metadata.
 *
 * @example
 * schemaMembers(cv, EnvSchema) // [{ name: 'PORT', conversion: 'number', optional: false }, …]
 */
export function schemaMembers(cv: ClassValidatorModule, schema: Class): SchemaMember[] {
  const metadata = cv.getMetadataStorage().getTargetValidationMetadatas(schema, '', true, false);
  const byMember = new Map<string, { rules: Set<string>; optional: boolean }>();
  for (const rule of metadata) {
    const member = byMember.get(rule.propertyName) ?? { rules: new Set<string>(), optional: false };
    if (rule.type === 'conditionalValidation') member.optional = true;
    if (rule.name) member.rules.add(rule.name);
    byMember.set(rule.propertyName, member);
  }
  return [...byMember].map(([name, { rules, optional }]) => ({
    name,
    optional,
    conversion: rules.has('isBoolean') ? 'boolean' : [...rules].some((r) => NUMBER_RULES.has(r)) ? 'number' : 'string',
  }));
}

/** The text of a variable converted for its member; a text that does not convert stays text (the rule then fails). */
export function convert(text: string, conversion: Conversion): unknown {
  if (conversion === 'number') {
    const trimmed = text.trim();
    const value = Number(trimmed);
    return trimmed !== '' && Number.isFinite(value) ? value : text;
  }
  if (conversion === 'boolean') {
    const lower = text.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    return text;
  }
  return text;
}

const TYPE_RULES = ['isInt', 'isNumber', 'isBoolean', 'isString'];

/**
 * One line per failed rule, without the value (a secret must not reach the logs). A variable of
 * the wrong type gets only that line: `PORT=http` is not an integer, and saying it is also not
 * within 0..65535 adds nothing.
 */
export function problemsOf(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const constraints = error.constraints ?? {};
    const typeRule = TYPE_RULES.find((rule) => rule in constraints);
    return typeRule ? [constraints[typeRule]!] : Object.values(constraints).reverse();
  });
}
