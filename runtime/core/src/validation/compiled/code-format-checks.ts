/**
 * The checks of class-validator's decorators for codes and identifiers (`@IsISBN`, `@IsIBAN`,
 * `@IsPostalCode`, `@IsMobilePhone`…), each written as class-validator 0.15 writes its own: the
 * value must be a string, then validator.js's function decides, with the argument class-validator
 * passes it. No format is re-implemented here (`@IsFirebasePushId` is class-validator's own
 * expression). Each validator.js module is required alone, on the first call that needs it.
 *
 * A locale or option validator.js does not know makes some of these throw on every string, here
 * as under class-validator; a literal one is a build error (FW1703, FW1704).
 *
 * @example
 * isISBN('978-3-16-148410-0') // true
 * isPostalCode('75001', 'FR') // true
 * isMobilePhone('+4915123456789', 'de-DE') // true
 */
import codeModules from './code-modules.cjs';
import { lazy } from './lazy-format.js';

const bic = lazy(codeModules.isBIC);
const btcAddress = lazy(codeModules.isBtcAddress);
const creditCard = lazy(codeModules.isCreditCard);
const currency = lazy(codeModules.isCurrency);
const ean = lazy(codeModules.isEAN);
const ethereumAddress = lazy(codeModules.isEthereumAddress);
const hash = lazy(codeModules.isHash);
const iban = lazy(codeModules.isIBAN);
const identityCard = lazy(codeModules.isIdentityCard);
const isbn = lazy(codeModules.isISBN);
const isin = lazy(codeModules.isISIN);
const iso31661Alpha2 = lazy(codeModules.isISO31661Alpha2);
const iso31661Alpha3 = lazy(codeModules.isISO31661Alpha3);
const iso31661Numeric = lazy(codeModules.isISO31661Numeric);
const iso4217 = lazy(codeModules.isISO4217);
const iso6391 = lazy(codeModules.isISO6391);
const isrc = lazy(codeModules.isISRC);
const issn = lazy(codeModules.isISSN);
const locale = lazy(codeModules.isLocale);
const mobilePhone = lazy(codeModules.isMobilePhone);
const passportNumber = lazy(codeModules.isPassportNumber);
const postalCode = lazy(codeModules.isPostalCode);
const taxId = lazy(codeModules.isTaxID);

export function isBIC(value: unknown): boolean {
  return typeof value === 'string' && bic()(value);
}

export function isBtcAddress(value: unknown): boolean {
  return typeof value === 'string' && btcAddress()(value);
}

export function isCreditCard(value: unknown): boolean {
  return typeof value === 'string' && creditCard()(value);
}

export function isCurrency(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && currency()(value, options);
}

export function isEAN(value: unknown): boolean {
  return typeof value === 'string' && ean()(value);
}

export function isEthereumAddress(value: unknown): boolean {
  return typeof value === 'string' && ethereumAddress()(value);
}

/** `@IsFirebasePushId()`: class-validator's own test, 20 web-safe characters. */
export function isFirebasePushId(value: unknown): boolean {
  return typeof value === 'string' && value.length === 20 && /^[a-zA-Z0-9_-]*$/.test(value);
}

/** `@IsHash(algorithm)`: `md5`, `sha256`… */
export function isHash(value: unknown, algorithm?: unknown): boolean {
  return typeof value === 'string' && hash()(value, algorithm);
}

/** `@IsIBAN(options)`: class-validator does not record the options, but passes them. */
export function isIBAN(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && iban()(value, options);
}

export function isIdentityCard(value: unknown, cardLocale?: unknown): boolean {
  return typeof value === 'string' && identityCard()(value, cardLocale);
}

/** `@IsISBN(version)`: the version as a string (`10`, `'13'`), or none for either. */
export function isISBN(value: unknown, version?: unknown): boolean {
  const versionText = version ? `${version as string}` : undefined;
  return typeof value === 'string' && isbn()(value, versionText);
}

export function isISIN(value: unknown): boolean {
  return typeof value === 'string' && isin()(value);
}

export function isISO31661Alpha2(value: unknown): boolean {
  return typeof value === 'string' && iso31661Alpha2()(value);
}

export function isISO31661Alpha3(value: unknown): boolean {
  return typeof value === 'string' && iso31661Alpha3()(value);
}

export function isISO31661Numeric(value: unknown): boolean {
  return typeof value === 'string' && iso31661Numeric()(value);
}

/** `@IsISO4217CurrencyCode()`: validator.js's `isISO4217`. */
export function isISO4217CurrencyCode(value: unknown): boolean {
  return typeof value === 'string' && iso4217()(value);
}

export function isISO6391(value: unknown): boolean {
  return typeof value === 'string' && iso6391()(value);
}

export function isISRC(value: unknown): boolean {
  return typeof value === 'string' && isrc()(value);
}

export function isISSN(value: unknown, options?: unknown): boolean {
  return typeof value === 'string' && issn()(value, options);
}

export function isLocale(value: unknown): boolean {
  return typeof value === 'string' && locale()(value);
}

/** `@IsMobilePhone(locale, options)`: a locale, an array of them, or none (`any`). */
export function isMobilePhone(value: unknown, phoneLocale?: unknown, options?: unknown): boolean {
  return typeof value === 'string' && mobilePhone()(value, phoneLocale, options);
}

export function isPassportNumber(value: unknown, countryCode?: unknown): boolean {
  return typeof value === 'string' && passportNumber()(value, countryCode);
}

export function isPostalCode(value: unknown, postalLocale?: unknown): boolean {
  return typeof value === 'string' && postalCode()(value, postalLocale);
}

/** `@IsTaxId(locale)`: `en-US` when none is given. */
export function isTaxId(value: unknown, taxLocale?: unknown): boolean {
  return typeof value === 'string' && taxId()(value, taxLocale || 'en-US');
}
