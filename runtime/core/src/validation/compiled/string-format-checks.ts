/**
 * The checks of class-validator's string-format decorators (`@IsAlpha`, `@IsIP`, `@IsFQDN`…), each
 * written as class-validator 0.15 writes its own: the value must be a string (a number too for
 * `@IsLatitude` and `@IsLongitude`), then validator.js's function decides, with the argument
 * class-validator passes it. No format is re-implemented here. Each validator.js module is
 * required alone, on the first call that needs it (`validator-modules.cts`).
 *
 * A locale validator.js does not know (`@IsAlpha('xx')`, `@IsDecimal({ locale: 'xx' })`) makes
 * validator.js throw on every string, here as under class-validator (a literal one is FW1703 at build).
 *
 * @example
 * isAlpha('abc') // true
 * isIP('10.0.0.1', 6) // false
 * isLatitude(-91) // false
 */
import validatorModules from './validator-modules.cjs';
import { lazy } from './lazy-format.js';

const alpha = lazy(validatorModules.isAlpha);
const alphanumeric = lazy(validatorModules.isAlphanumeric);
const ascii = lazy(validatorModules.isAscii);
const base64 = lazy(validatorModules.isBase64);
const decimal = lazy(validatorModules.isDecimal);
const fqdn = lazy(validatorModules.isFQDN);
const ip = lazy(validatorModules.isIP);
const json = lazy(validatorModules.isJSON);
const jwt = lazy(validatorModules.isJWT);
const latLong = lazy(validatorModules.isLatLong);
const lowercase = lazy(validatorModules.isLowercase);
const macAddress = lazy(validatorModules.isMACAddress);
const mimeType = lazy(validatorModules.isMimeType);
const mongoId = lazy(validatorModules.isMongoId);
const numeric = lazy(validatorModules.isNumeric);
const port = lazy(validatorModules.isPort);
const semVer = lazy(validatorModules.isSemVer);
const uppercase = lazy(validatorModules.isUppercase);

/**
 * Options for the validator.js functions that complete a missing options argument with `merge`
 * (a new object per call): handed one of these, `merge` fills it on the first call and then only
 * finds the defaults there. The defaults stay validator.js's own (see `rule-checks.ts`).
 */
const defaultsFilledOnce = { base64: {}, decimal: {}, fqdn: {}, json: {}, latLong: {} };

export function isAlpha(value: unknown, locale?: unknown): boolean {
  return typeof value === 'string' && alpha()(value, locale);
}

export function isAlphanumeric(value: unknown, locale?: unknown): boolean {
  return typeof value === 'string' && alphanumeric()(value, locale);
}

/** `@IsNumberString(options)`: validator.js's `isNumeric`. */
export function isNumberString(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && numeric()(value, options);
}

export function isLowercase(value: unknown): boolean {
  return typeof value === 'string' && lowercase()(value);
}

export function isUppercase(value: unknown): boolean {
  return typeof value === 'string' && uppercase()(value);
}

export function isAscii(value: unknown): boolean {
  return typeof value === 'string' && ascii()(value);
}

export function isBase64(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && base64()(value, options ?? defaultsFilledOnce.base64);
}

export function isJSON(value: unknown): boolean {
  return typeof value === 'string' && json()(value, defaultsFilledOnce.json);
}

export function isJWT(value: unknown): boolean {
  return typeof value === 'string' && jwt()(value);
}

/** `@IsIP(version)`: the version as a string (`4`, `'6'`), or none for either. */
export function isIP(value: unknown, version?: unknown): boolean {
  const versionText = version ? `${version as string}` : undefined;
  return typeof value === 'string' && ip()(value, versionText);
}

export function isPort(value: unknown): boolean {
  return typeof value === 'string' && port()(value);
}

export function isMongoId(value: unknown): boolean {
  return typeof value === 'string' && mongoId()(value);
}

export function isFQDN(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && fqdn()(value, options ?? defaultsFilledOnce.fqdn);
}

/** A `latitude,longitude` string. */
export function isLatLong(value: unknown): boolean {
  return typeof value === 'string' && latLong()(value, defaultsFilledOnce.latLong);
}

/** A latitude, as a number or a string: class-validator asks `isLatLong` about `${value},0`. */
export function isLatitude(value: unknown): boolean {
  return (typeof value === 'number' || typeof value === 'string') && isLatLong(`${value},0`);
}

/** A longitude, as a number or a string: class-validator asks `isLatLong` about `0,${value}`. */
export function isLongitude(value: unknown): boolean {
  return (typeof value === 'number' || typeof value === 'string') && isLatLong(`0,${value}`);
}

export function isSemVer(value: unknown): boolean {
  return typeof value === 'string' && semVer()(value);
}

export function isMimeType(value: unknown): boolean {
  return typeof value === 'string' && mimeType()(value);
}

export function isMACAddress(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && macAddress()(value, options);
}

export function isDecimal(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && decimal()(value, options ?? defaultsFilledOnce.decimal);
}
