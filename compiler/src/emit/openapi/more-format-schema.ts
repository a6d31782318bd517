import { hashLength } from '../../analyze/validation/option-values.js';
import type { JsonSchema, JsonValue } from '../../ir/api.js';

/**
 * JSON Schema `pattern`s that accept exactly the strings validator.js's function (or
 * class-validator's own expression) accepts for the codes and encodings whose rule is one regular
 * expression, case folded by hand where it carries the `i` flag. Held to them by
 * `test/openapi/format-patterns.test.ts`.
 */
export const morePatterns = {
  hexadecimal: '^(?:0[xXhH])?[0-9A-Fa-f]+$',
  octal: '^(?:0[oO])?[0-7]+$',
  ethereumAddress: '^0[xX][0-9A-Fa-f]{40}$',
  firebasePushId: '^[A-Za-z0-9_-]{20}$',
  militaryTime: '^(?:[01][0-9]|2[0-3]):?[0-5][0-9]$',
} as const;

const described = (description: string): JsonSchema => ({ type: 'string', description });
const pattern = (source: string): JsonSchema => ({ type: 'string', pattern: source });
const named = (value: JsonValue | undefined, what: string): string => (typeof value === 'string' ? ` (${what} ${value})` : '');

/** Rules whose answer JSON Schema cannot state exactly: what they accept, in words. */
const descriptions: Readonly<Record<string, string>> = {
  isBIC: 'A BIC (SWIFT) code.',
  isBtcAddress: 'A Bitcoin address.',
  isCreditCard: 'A credit card number (with a valid check digit).',
  isCurrency: 'A currency amount.',
  isEAN: 'An EAN (with a valid check digit).',
  isIBAN: 'An IBAN (with a valid checksum).',
  isIsbn: 'An ISBN (with a valid check digit).',
  isIsin: 'An ISIN (with a valid check digit).',
  isISO31661Alpha2: 'An ISO 3166-1 alpha-2 country code.',
  isISO31661Alpha3: 'An ISO 3166-1 alpha-3 country code.',
  isISO31661Numeric: 'An ISO 3166-1 numeric country code.',
  isISO4217CurrencyCode: 'An ISO 4217 currency code.',
  isISO6391: 'An ISO 639-1 language code.',
  isISRC: 'An ISRC.',
  isISSN: 'An ISSN.',
  isLocale: 'A locale (BCP 47).',
  isBase32: 'Base32-encoded.',
  isBase58: 'Base58-encoded.',
  isDataURI: 'A data URI.',
  isFullWidth: 'Holds a full-width character.',
  isHalfWidth: 'Holds a half-width character.',
  isVariableWidth: 'Holds both full-width and half-width characters.',
  isMultibyte: 'Holds a multibyte character.',
  isSurrogatePair: 'Holds a surrogate pair.',
  isHSL: 'An HSL colour.',
  isRgbColor: 'An RGB colour.',
  isMagnetURI: 'A magnet URI.',
  isRFC3339: 'An RFC 3339 date-time.',
  isStrongPassword: 'A password strong enough for the rule.',
  isTimeZone: 'An IANA time zone.',
};

/**
 * The schema fragment of a rule compiled from `@framework/core/validation/codes`, `/text` or
 * `/phone`, or `@IsDate()`: a pattern where one is exact, else a description; undefined for another rule.
 *
 * @example
 * moreFormatSchema('isHash', ['md5']) // { type: 'string', pattern: '^[0-9A-Fa-f]{32}$' }
 */
export function moreFormatSchema(key: string, constraints: readonly JsonValue[]): JsonSchema | undefined {
  const option = constraints[0];
  switch (key) {
    case 'isHexadecimal': return pattern(morePatterns.hexadecimal);
    case 'isOctal': return pattern(morePatterns.octal);
    case 'isEthereumAddress': return pattern(morePatterns.ethereumAddress);
    case 'IsFirebasePushId': return pattern(morePatterns.firebasePushId);
    case 'isMilitaryTime': return pattern(morePatterns.militaryTime);
    case 'isBooleanString': return { type: 'string', enum: ['true', 'false', '1', '0'] };
    case 'isHash': {
      const length = typeof option === 'string' ? hashLength(option) : undefined;
      return length === undefined ? described('A hash.') : pattern(`^[0-9A-Fa-f]{${length}}$`);
    }
    case 'isByteLength': return described(`At least ${typeof option === 'number' ? option : 0}${typeof constraints[1] === 'number' ? ` and at most ${constraints[1]}` : ''} bytes in UTF-8.`);
    case 'isPhoneNumber': return described(`A phone number${named(option, 'region')}.`);
    case 'isMobilePhone': return described(`A mobile phone number${named(option, 'locale')}.`);
    case 'isPostalCode': return described(`A postal code${named(option, 'locale')}.`);
    case 'isIdentityCard': return described(`An identity card number${named(option, 'locale')}.`);
    case 'isPassportNumber': return described(`A passport number${named(option, 'country')}.`);
    case 'isTaxId': return described(`A tax identification number${named(option, 'locale')}.`);
    // A JSON body holds no Date: no value passes (an absent member under `@IsOptional()` aside).
    case 'isDate':
    case 'minDate':
    case 'maxDate': return { not: {}, description: 'A Date instance, which no JSON value is.' };
    default: return descriptions[key] === undefined ? undefined : described(descriptions[key]);
  }
}
