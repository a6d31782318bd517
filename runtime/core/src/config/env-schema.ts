import type { ValidationError } from 'class-validator';
import { recordedDecorations } from '../validation/decorators.js';
import type { Class } from '../types/class.js';
import { DIRECT_RULES, TYPE_RULES } from './direct-rules.js';

/** What a member's rules say its text converts to: rules of numbers make a number, `@IsBoolean` a boolean. */
type Conversion = 'number' | 'boolean' | 'string';

const NUMBER_RULES = new Set(['isint', 'isnumber', 'min', 'max', 'ispositive', 'isnegative', 'isdivisibleby']);

/** One member of a schema: its conversion, whether it is optional, and (read without class-validator) its rules in source order. */
export interface SchemaMember {
  readonly name: string;
  readonly conversion: Conversion;
  readonly optional: boolean;
  readonly rules?: readonly { readonly name: string; readonly args: readonly unknown[] }[];
}

/** What `rules` (names in any case, or recorded rules) convert a member's text to: `@IsBoolean` a boolean, a rule of numbers a number. */
function conversionOf(rules: readonly (string | { readonly name: string })[]): Conversion {
  let number = false;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const lower = (typeof rule === 'string' ? rule : rule.name).toLowerCase();
    if (lower === 'isboolean') return 'boolean';
    if (NUMBER_RULES.has(lower)) number = true;
  }
  return number ? 'number' : 'string';
}

/**
 * The members of a schema whose decorators come from `@framework/core/validators`, read from the
 * decorations recorded there, so class-validator need not be loaded; undefined when class-validator
 * holds them (it is loaded already), a rule is one the configuration does not check itself, or a
 * rule has validation options (its own `message`, `groups`…).
 *
 * @example
 * recordedMembers(EnvSchema) // [{ name: 'PORT', conversion: 'number', optional: false, rules: [{ name: 'IsInt', args: [] }, …] }, …]
 */
export function recordedMembers(schema: Class): SchemaMember[] | undefined {
  const decorations = recordedDecorations(schema);
  if (!decorations || decorations.length === 0) return undefined;
  // One pass, no copies, and index loops: every start reads its environment schema this way, once,
  // in V8's interpreter, where a for…of makes an object per step.
  const byMember = new Map<string, { optional: boolean; rules: { readonly name: string; readonly args: readonly unknown[] }[] }>();
  for (let i = 0; i < decorations.length; i++) {
    const d = decorations[i]!;
    if (typeof d.property !== 'string' || (d.name !== 'IsOptional' && !(d.name in DIRECT_RULES))) return undefined;
    // A rule's own message (or `groups`, `always`…) is class-validator's to apply.
    if (hasValidationOptions(d.args)) return undefined;
    let entry = byMember.get(d.property);
    if (!entry) byMember.set(d.property, (entry = { optional: false, rules: [] }));
    if (d.name === 'IsOptional') entry.optional = true;
    else entry.rules.push(d);
  }
  const members: SchemaMember[] = [];
  byMember.forEach(({ optional, rules }, name) => {
    // Decorators run bottom-up: the source order is the reverse.
    rules.reverse();
    members.push({ name, conversion: conversionOf(rules), optional, rules });
  });
  return members;
}

/** Whether an argument is validation options, as class-validator's `isValidationOptions` tells (a rule's own options never have these keys). */
function hasValidationOptions(args: readonly unknown[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (typeof arg !== 'object' || arg === null) continue;
    if ('each' in arg || 'message' in arg || 'groups' in arg || 'always' in arg || 'context' in arg || 'validateIf' in arg) return true;
  }
  return false;
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
 * The problems of one member checked with its recorded rules (`recordedMembers`): a failed type
 * rule alone (`PORT=http` is not an integer, and saying it is also out of range adds nothing),
 * else every failed rule in source order. Values are never printed: they may be secrets.
 */
export function directProblems(member: SchemaMember, value: unknown): string[] {
  // Nothing is made for a member that passes (every member, at a good start).
  const rules = member.rules ?? [];
  let failed: (typeof rules)[number][] | undefined;
  for (let i = 0; i < rules.length; i++) if (!DIRECT_RULES[rules[i]!.name]!.check(value, rules[i]!.args[0])) (failed ??= []).push(rules[i]!);
  if (!failed) return [];
  const typeRule = failed.find((rule) => TYPE_RULES.has(rule.name));
  return (typeRule ? [typeRule] : failed).map((rule) => DIRECT_RULES[rule.name]!.message(member.name, rule.args));
}

/** The same for class-validator's errors: a failed type rule alone, else every failed rule in source order. */
export function classValidatorProblems(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const constraints = error.constraints ?? {};
    const typeRule = ['isInt', 'isNumber', 'isBoolean', 'isString'].find((rule) => rule in constraints);
    return typeRule ? [constraints[typeRule]!] : Object.values(constraints).reverse();
  });
}
