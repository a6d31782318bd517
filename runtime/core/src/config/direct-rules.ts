import { isBoolean, isEmail, isIn, isInt, isNotEmpty, isNumber, isString, isURL, max, maxLength, min, minLength } from '../validation/compiled/rule-checks.js';
import { isFQDN, isIP, isPort } from '../validation/compiled/string-format-checks.js';

/** A rule the configuration checks itself: its check and class-validator's message for it. */
interface DirectRule {
  readonly check: (value: unknown, arg: unknown) => boolean;
  readonly message: (member: string, args: readonly unknown[]) => string;
}

/**
 * The rules an environment schema usually has, checked without loading class-validator (about
 * 150 ms at start), with class-validator's own messages. A schema using any other rule is
 * validated by class-validator.
 */
export const DIRECT_RULES: Readonly<Record<string, DirectRule>> = {
  IsString: { check: isString, message: (m) => `${m} must be a string` },
  IsInt: { check: isInt, message: (m) => `${m} must be an integer number` },
  IsNumber: { check: (v, options) => isNumber(v, options), message: (m) => `${m} must be a number conforming to the specified constraints` },
  IsBoolean: { check: isBoolean, message: (m) => `${m} must be a boolean value` },
  IsNotEmpty: { check: isNotEmpty, message: (m) => `${m} should not be empty` },
  IsIn: { check: isIn, message: (m, [values]) => `${m} must be one of the following values: ${(values as unknown[]).join(', ')}` },
  Min: { check: min, message: (m, [bound]) => `${m} must not be less than ${String(bound)}` },
  Max: { check: max, message: (m, [bound]) => `${m} must not be greater than ${String(bound)}` },
  MinLength: { check: minLength, message: (m, [bound]) => `${m} must be longer than or equal to ${String(bound)} characters` },
  MaxLength: { check: maxLength, message: (m, [bound]) => `${m} must be shorter than or equal to ${String(bound)} characters` },
  // Addresses a deployment passes in: each loads one validator.js module, on its first check.
  IsUrl: { check: isURL, message: (m) => `${m} must be a URL address` },
  IsPort: { check: isPort, message: (m) => `${m} must be a port` },
  IsIP: { check: isIP, message: (m) => `${m} must be an ip address` },
  IsFQDN: { check: isFQDN, message: (m) => `${m} must be a valid domain name` },
  IsEmail: { check: isEmail, message: (m) => `${m} must be an email` },
};

/** The rules that say what a variable's text converts to; a failed one is the variable's only problem. */
export const TYPE_RULES: ReadonlySet<string> = new Set(['IsString', 'IsInt', 'IsNumber', 'IsBoolean']);
