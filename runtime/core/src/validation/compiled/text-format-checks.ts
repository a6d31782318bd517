/**
 * The checks of class-validator's decorators for encodings, characters, colours and times
 * (`@IsBase58`, `@IsFullWidth`, `@IsRgbColor`, `@IsRFC3339`, `@IsTimeZone`…), each written as
 * class-validator 0.15 writes its own: the value must be a string, then validator.js's function
 * decides, with the argument class-validator passes it (`@IsMilitaryTime` and `@IsTimeZone` are
 * class-validator's own tests). Each validator.js module is required alone, on its first call.
 *
 * @example
 * isHexadecimal('ff00') // true
 * isRgbColor('rgb(0,0,0)') // true
 * isTimeZone('Europe/Paris') // true
 */
import textModules from './text-modules.cjs';
import { lazy } from './lazy-format.js';

const base32 = lazy(textModules.isBase32);
const base58 = lazy(textModules.isBase58);
const booleanString = lazy(textModules.isBoolean);
const byteLength = lazy(textModules.isByteLength);
const dataURI = lazy(textModules.isDataURI);
const fullWidth = lazy(textModules.isFullWidth);
const halfWidth = lazy(textModules.isHalfWidth);
const hexadecimal = lazy(textModules.isHexadecimal);
const hsl = lazy(textModules.isHSL);
const magnetURI = lazy(textModules.isMagnetURI);
const multibyte = lazy(textModules.isMultibyte);
const octal = lazy(textModules.isOctal);
const rfc3339 = lazy(textModules.isRFC3339);
const rgbColor = lazy(textModules.isRgbColor);
const strongPassword = lazy(textModules.isStrongPassword);
const surrogatePair = lazy(textModules.isSurrogatePair);
const variableWidth = lazy(textModules.isVariableWidth);

export function isBase32(value: unknown): boolean {
  return typeof value === 'string' && base32()(value);
}

export function isBase58(value: unknown): boolean {
  return typeof value === 'string' && base58()(value);
}

/** `@IsBooleanString()`: validator.js's `isBoolean` (`true`, `false`, `1`, `0`). */
export function isBooleanString(value: unknown): boolean {
  return typeof value === 'string' && booleanString()(value);
}

/**
 * `@IsByteLength(min, max)`. validator.js counts bytes with `encodeURI`, which throws on a lone
 * surrogate (`"\ud800"` is valid JSON): class-validator answers that with a 500, here it is a
 * string of no valid byte length, refused with the rule's 400.
 */
export function isByteLength(value: unknown, min?: unknown, max?: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return byteLength()(value, { min, max });
  } catch {
    return false;
  }
}

export function isDataURI(value: unknown): boolean {
  return typeof value === 'string' && dataURI()(value);
}

export function isFullWidth(value: unknown): boolean {
  return typeof value === 'string' && fullWidth()(value);
}

export function isHalfWidth(value: unknown): boolean {
  return typeof value === 'string' && halfWidth()(value);
}

export function isVariableWidth(value: unknown): boolean {
  return typeof value === 'string' && variableWidth()(value);
}

export function isMultibyte(value: unknown): boolean {
  return typeof value === 'string' && multibyte()(value);
}

export function isSurrogatePair(value: unknown): boolean {
  return typeof value === 'string' && surrogatePair()(value);
}

export function isHexadecimal(value: unknown): boolean {
  return typeof value === 'string' && hexadecimal()(value);
}

export function isOctal(value: unknown): boolean {
  return typeof value === 'string' && octal()(value);
}

export function isHSL(value: unknown): boolean {
  return typeof value === 'string' && hsl()(value);
}

/** `@IsRgbColor(includePercentValues)`: passed to validator.js as its option. */
export function isRgbColor(value: unknown, includePercentValues?: unknown): boolean {
  return typeof value === 'string' && rgbColor()(value, { includePercentValues });
}

export function isMagnetURI(value: unknown): boolean {
  return typeof value === 'string' && magnetURI()(value);
}

/** `@IsMilitaryTime()`: `HH:MM` (the colon optional), class-validator's expression (which it hands validator.js's `matches`, a plain match). */
const militaryTime = /^([01]\d|2[0-3]):?([0-5]\d)$/;

export function isMilitaryTime(value: unknown): boolean {
  return typeof value === 'string' && militaryTime.test(value);
}

export function isRFC3339(value: unknown): boolean {
  return typeof value === 'string' && rfc3339()(value);
}

export function isStrongPassword(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && strongPassword()(value, options);
}

/** `@IsTimeZone()`: a time zone `Intl` knows (an unknown one makes it throw), class-validator's test. */
export function isTimeZone(value: unknown): boolean {
  try {
    if (typeof value !== 'string') return false;
    Intl.DateTimeFormat(undefined, { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
