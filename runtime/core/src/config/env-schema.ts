import type { ValidationError } from 'class-validator';
import type { Class } from '../types/class.js';

/** What a member's rules say its text converts to: rules of numbers make a number, `@IsBoolean` a boolean. */
export type Conversion = 'number' | 'boolean' | 'string';

const NUMBER_RULES = new Set(['isint', 'isnumber', 'min', 'max', 'ispositive', 'isnegative', 'isdivisibleby']);

/** One member of a schema: its conversion, and whether it is optional (`@IsOptional()`, `@ValidateIf()`: never missing). */
export interface SchemaMember {
  readonly name: string;
  readonly conversion: Conversion;
  readonly optional: boolean;
}

/** What `rules` (class-validator's names) convert a member's text to: `@IsBoolean` a boolean, a rule of numbers a number. */
function conversionOf(rules: readonly string[]): Conversion {
  let number = false;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const lower = rule.toLowerCase();
    if (lower === 'isboolean') return 'boolean';
    if (NUMBER_RULES.has(lower)) number = true;
  }
  return number ? 'number' : 'string';
}

type ClassValidatorModule = typeof import('class-validator');

/**
 * The members of a schema read from class-validator's metadata.
 *
 * @example
 * classValidatorMembers(cv, EnvSchema) // [{ name: 'PORT', conversion: 'number', optional: false }, …]
 */
export function classValidatorMembers(cv: ClassValidatorModule, schema: Class): SchemaMember[] {
  const metadata = cv.getMetadataStorage().getTargetValidationMetadatas(schema, '', true, false);
  const byMember = new Map<string, { rules: string[]; optional: boolean }>();
  for (const rule of metadata) {
    const entry = byMember.get(rule.propertyName) ?? { rules: [], optional: false };
    if (rule.type === 'conditionalValidation') entry.optional = true;
    if (rule.name) entry.rules.push(rule.name);
    byMember.set(rule.propertyName, entry);
  }
  return [...byMember].map(([name, { rules, optional }]) => ({ name, conversion: conversionOf(rules), optional }));
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

/**
 * The problems class-validator found, one member after the other: a failed type rule alone
 * (`PORT=http` is not an integer, and saying it is also out of range adds nothing), else every
 * failed rule in source order. Values are never printed: they may be secrets.
 */
export function classValidatorProblems(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const constraints = error.constraints ?? {};
    const typeRule = ['isInt', 'isNumber', 'isBoolean', 'isString'].find((rule) => rule in constraints);
    return typeRule ? [constraints[typeRule]!] : Object.values(constraints).reverse();
  });
}
