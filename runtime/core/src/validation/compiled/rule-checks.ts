/**
 * The checks of the class-validator decorators the compiler turns into direct code, each written as
 * class-validator 0.15 writes its own (`isHexColor`: a string that validator.js's `isHexColor`
 * accepts), calling validator.js's function itself wherever class-validator does: a format is never
 * re-implemented (`plain-formats.ts` only answers `true` early for common emails and URLs that
 * validator.js is sure to accept). Each module of validator.js is required alone, on the first
 * call of a rule that needs it (`validator-modules.cts`), so the formats an app does not use are
 * never loaded, and those it uses not before its first request.
 *
 * @example
 * isHexColor('#ff8800') // true
 * min(3, 5) // false
 */
import validatorModules from './validator-modules.cjs';
import { isPlainEmail, isPlainUrl } from './plain-formats.js';

/** `@IsNumber(options)`'s options. */
export interface IsNumberOptions {
  readonly allowNaN?: boolean;
  readonly allowInfinity?: boolean;
  readonly maxDecimalPlaces?: number;
}

// validator.js's functions, each set on the first call that needs it.
let containsFunction: ReturnType<typeof validatorModules.contains> | undefined;
let isDivisibleByFunction: ReturnType<typeof validatorModules.isDivisibleBy> | undefined;
let isEmailFunction: ReturnType<typeof validatorModules.isEmail> | undefined;
let isHexColorFunction: ReturnType<typeof validatorModules.isHexColor> | undefined;
let isISO8601Function: ReturnType<typeof validatorModules.isISO8601> | undefined;
let isLengthFunction: ReturnType<typeof validatorModules.isLength> | undefined;
let isURLFunction: ReturnType<typeof validatorModules.isURL> | undefined;
let isUUIDFunction: ReturnType<typeof validatorModules.isUUID> | undefined;
let matchesFunction: ReturnType<typeof validatorModules.matches> | undefined;

/**
 * Options for the validator.js rules a decorator gives none. validator.js completes a missing
 * options argument with `merge`, which copies the defaults into a new object on every call; handed
 * one of these instead, `merge` copies them in on the first call and then only finds them there.
 * The rule and its defaults stay validator.js's own; only the copy per call goes.
 */
const defaultsFilledOnce = { email: {}, url: {}, hexColor: {}, contains: {} };

// Typechecker rules.

export function isString(value: unknown): boolean {
  return typeof value === 'string' || value instanceof String;
}

export function isNumber(value: unknown, given?: unknown): boolean {
  const options = (given ?? {}) as IsNumberOptions;
  if (typeof value !== 'number') return false;
  if (value === Infinity || value === -Infinity) return !!options.allowInfinity;
  if (Number.isNaN(value)) return !!options.allowNaN;
  if (options.maxDecimalPlaces !== undefined) {
    let decimalPlaces = 0;
    if (value % 1 !== 0) decimalPlaces = value.toString().split('.')[1]!.length;
    if (decimalPlaces > options.maxDecimalPlaces) return false;
  }
  return Number.isFinite(value);
}

export function isInt(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value);
}

export function isBoolean(value: unknown): boolean {
  return typeof value === 'boolean' || value instanceof Boolean;
}

export function isArray(value: unknown): boolean {
  return Array.isArray(value);
}

export function isObject(value: unknown): boolean {
  return value != null && (typeof value === 'object' || typeof value === 'function') && !Array.isArray(value);
}

// Object rules.

/** `@IsNotEmptyObject(options)`: an object with an own key, or with `nullable: false` one whose value is neither null nor undefined. */
export function isNotEmptyObject(value: unknown, options?: unknown): boolean {
  if (!isObject(value)) return false;
  const record = value as object;
  if ((options as { nullable?: boolean } | null | undefined)?.nullable === false) {
    return !Object.values(record).every((propertyValue) => propertyValue === null || propertyValue === undefined);
  }
  // class-validator's loop, but through Object.hasOwn: a body's own `hasOwnProperty` member (any
  // JSON value) makes class-validator throw, a 500 for a wrong request; here it is a member like any.
  for (const key in record) {
    if (Object.hasOwn(record, key)) return true;
  }
  return false;
}

// Common rules.

export function isDefined(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export function isNotEmpty(value: unknown): boolean {
  return value !== '' && value !== null && value !== undefined;
}

export function isEmpty(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

export function equals(value: unknown, comparison: unknown): boolean {
  return value === comparison;
}

export function notEquals(value: unknown, comparison: unknown): boolean {
  return value !== comparison;
}

export function isIn(value: unknown, possibleValues: unknown): boolean {
  return Array.isArray(possibleValues) && (possibleValues as unknown[]).some((possible) => possible === value);
}

export function isNotIn(value: unknown, possibleValues: unknown): boolean {
  return !Array.isArray(possibleValues) || !(possibleValues as unknown[]).some((possible) => possible === value);
}

/** `@IsEnum(entity)`'s accepted values as class-validator's `isEnum` lists them (every key's value), once. */
export function enumMembers(entity: unknown): readonly unknown[] {
  const record = entity as Record<string, unknown>;
  return Object.keys(record).map((key) => record[key]);
}

/** class-validator's `isEnum`, on the members listed once by `enumMembers`. */
export function isEnumMember(value: unknown, members: readonly unknown[]): boolean {
  return members.includes(value);
}

/** The values `@IsEnum(entity)` records as its second constraint (numeric enums' reverse keys left out). */
export function validEnumValues(entity: unknown): unknown[] {
  return Object.entries(entity as Record<string, unknown>)
    .filter(([key]) => isNaN(parseInt(key)))
    .map(([, value]) => value);
}

/**
 * A message whose constraints are known only when the tables load (`@IsEnum`'s values), rendered
 * then, once, as class-validator's `replaceMessageSpecialTokens` renders it.
 */
export function renderedMessage(template: string, constraints: readonly unknown[], property: string): string {
  let message = template;
  constraints.forEach((constraint, index) => {
    const text = Array.isArray(constraint) ? constraint.join(', ') : `${constraint as string}`;
    message = message.replace(new RegExp(`\\$constraint${index + 1}`, 'g'), text);
  });
  return message.replace(/\$property/g, property);
}

// Number rules.

export function min(value: unknown, bound: unknown): boolean {
  return typeof value === 'number' && typeof bound === 'number' && value >= bound;
}

export function max(value: unknown, bound: unknown): boolean {
  return typeof value === 'number' && typeof bound === 'number' && value <= bound;
}

export function isPositive(value: unknown): boolean {
  return typeof value === 'number' && value > 0;
}

export function isNegative(value: unknown): boolean {
  return typeof value === 'number' && value < 0;
}

export function isDivisibleBy(value: unknown, divisor: unknown): boolean {
  return typeof value === 'number' && typeof divisor === 'number' && (isDivisibleByFunction ??= validatorModules.isDivisibleBy())(String(value), divisor);
}

// String rules.

export function minLength(value: unknown, bound: unknown): boolean {
  return typeof value === 'string' && (isLengthFunction ??= validatorModules.isLength())(value, { min: bound as number });
}

export function maxLength(value: unknown, bound: unknown): boolean {
  return typeof value === 'string' && (isLengthFunction ??= validatorModules.isLength())(value, { min: 0, max: bound as number });
}

export function length(value: unknown, lower: unknown, upper?: unknown): boolean {
  return typeof value === 'string' && (isLengthFunction ??= validatorModules.isLength())(value, { min: lower as number, max: upper as number });
}

export function matches(value: unknown, pattern: unknown, modifiers?: unknown): boolean {
  return typeof value === 'string' && (matchesFunction ??= validatorModules.matches())(value, pattern as string, modifiers as string);
}

export function contains(value: unknown, seed: unknown): boolean {
  return typeof value === 'string' && (containsFunction ??= validatorModules.contains())(value, seed as string, defaultsFilledOnce.contains);
}

export function notContains(value: unknown, seed: unknown): boolean {
  return typeof value === 'string' && !(containsFunction ??= validatorModules.contains())(value, seed as string, defaultsFilledOnce.contains);
}

export function isEmail(value: unknown, options?: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (options === undefined && isPlainEmail(value)) return true;
  return (isEmailFunction ??= validatorModules.isEmail())(value, (options ?? defaultsFilledOnce.email) as object);
}

export function isUUID(value: unknown, version?: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (Array.isArray(version)) return version.some((v) => (isUUIDFunction ??= validatorModules.isUUID())(value, v));
  return (isUUIDFunction ??= validatorModules.isUUID())(value, version as Parameters<ReturnType<typeof validatorModules.isUUID>>[1]);
}

export function isURL(value: unknown, options?: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (options === undefined && isPlainUrl(value)) return true;
  return (isURLFunction ??= validatorModules.isURL())(value, (options ?? defaultsFilledOnce.url) as object);
}

export function isISO8601(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && (isISO8601Function ??= validatorModules.isISO8601())(value, options as object);
}

export function isHexColor(value: unknown): boolean {
  // Its options argument (require_hashtag) is newer than its type declarations.
  const isHexColorWith = (isHexColorFunction ??= validatorModules.isHexColor()) as (value: string, options: object) => boolean;
  return typeof value === 'string' && isHexColorWith(value, defaultsFilledOnce.hexColor);
}

// Array rules.

export function arrayMinSize(value: unknown, bound: unknown): boolean {
  return Array.isArray(value) && value.length >= (bound as number);
}

export function arrayMaxSize(value: unknown, bound: unknown): boolean {
  return Array.isArray(value) && value.length <= (bound as number);
}

export function arrayNotEmpty(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

export function arrayContains(value: unknown, values: unknown): boolean {
  return Array.isArray(value) && (values as unknown[]).every((v) => value.indexOf(v) !== -1);
}

export function arrayNotContains(value: unknown, values: unknown): boolean {
  return Array.isArray(value) && (values as unknown[]).every((v) => value.indexOf(v) === -1);
}

/**
 * `@ArrayUnique()` (without a selector): no element twice, compared with `===` (objects by
 * reference), as class-validator's `indexOf` filter does, but in linear time through a Set: its
 * filter is quadratic, and a 1 MiB body holds an array of 250,000 numbers. A Set takes NaN as equal
 * to itself where `indexOf` finds no NaN at all, so class-validator refuses any array holding one.
 */
export function arrayUnique(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const seen = new Set<unknown>();
  for (const item of value) {
    if (seen.has(item) || Number.isNaN(item)) return false;
    seen.add(item);
  }
  return true;
}

/**
 * Which of `@Length(min, max)`'s three messages class-validator gives for the value (it depends on
 * the value): 0 "longer than or equal to min", 1 "shorter than or equal to max", 2 both.
 */
export function lengthMessageIndex(value: unknown, lower: unknown, upper: unknown): 0 | 1 | 2 {
  const size = (value as { length?: number } | null | undefined)?.length as number;
  if (lower !== null && lower !== undefined && (!value || size < (lower as number))) return 0;
  if (upper !== null && upper !== undefined && size > (upper as number)) return 1;
  return 2;
}
