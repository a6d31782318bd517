import type { JsonSchema, JsonValue } from '../../ir/api.js';
import { moreFormatSchema } from './more-format-schema.js';

/**
 * JSON Schema `pattern`s that accept exactly the strings validator.js's function accepts with the
 * options class-validator passes by default (validator.js's own expressions, case folded by hand
 * where they carry the `i` flag, which a schema pattern cannot). Held to validator.js by
 * `test/openapi/format-patterns.test.ts`.
 */
export const formatPatterns = {
  alpha: '^[A-Za-z]+$',
  alphanumeric: '^[0-9A-Za-z]+$',
  numberString: '^[+-]?([0-9]*[.])?[0-9]+$',
  digits: '^[0-9]+$',
  ascii: '^[\\x00-\\x7F]+$',
  base64: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
  jwt: '^[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*$',
  mongoId: '^(?:0[xXhH][0-9A-Fa-f]{22}|[0-9A-Fa-f]{24})$',
  semVer:
    '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$',
  decimal: '^[-+]?(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)$',
} as const;

const described = (description: string, type: JsonSchema = { type: 'string' }): JsonSchema => ({ ...type, description });
const pattern = (source: string): JsonSchema => ({ type: 'string', pattern: source });
/** Whether a rule's options argument is absent (class-validator then passes validator.js none). */
const absent = (option: JsonValue | undefined): boolean => option === null || option === undefined;
const isDefaultLocale = (locale: JsonValue | undefined): boolean => absent(locale) || locale === 'en-US';

/**
 * The schema fragment of a string-format rule (`@IsAlpha()` → its pattern, `@IsIP(4)` →
 * `format: ipv4`), or a description where JSON Schema has no faithful equivalent (a locale's
 * letters, a range held in a string), or undefined for a rule that is not a string format.
 *
 * @example
 * formatSchema('isMongoId', []) // { type: 'string', pattern: '^(?:0[xXhH][0-9A-Fa-f]{22}|[0-9A-Fa-f]{24})$' }
 */
export function formatSchema(key: string, constraints: readonly JsonValue[]): JsonSchema | undefined {
  const option = constraints[0];
  switch (key) {
    case 'isAlpha': return isDefaultLocale(option) ? pattern(formatPatterns.alpha) : described(`Letters of locale ${String(option)} only.`);
    case 'isAlphanumeric': return isDefaultLocale(option) ? pattern(formatPatterns.alphanumeric) : described(`Letters of locale ${String(option)} and digits only.`);
    case 'isNumberString': return numberStringSchema(option);
    case 'isLowercase': return described('Lowercase.');
    case 'isUppercase': return described('Uppercase.');
    case 'isAscii': return pattern(formatPatterns.ascii);
    case 'isBase64': return absent(option) ? { ...pattern(formatPatterns.base64), contentEncoding: 'base64' } : described('Base64-encoded.');
    case 'isJson': return { type: 'string', contentMediaType: 'application/json', description: 'JSON text of an object or an array.' };
    case 'isJwt': return pattern(formatPatterns.jwt);
    case 'isIp': return ipSchema(option);
    case 'isPort': return described('A port number (0 to 65535).');
    case 'isMongoId': return pattern(formatPatterns.mongoId);
    case 'isFqdn': return described('A fully qualified domain name.');
    case 'isLatitude': return { description: 'A latitude (-90 to 90), as a number or a string.' };
    case 'isLongitude': return { description: 'A longitude (-180 to 180), as a number or a string.' };
    case 'isLatLong': return described('A `latitude,longitude` pair.');
    case 'isSemVer': return pattern(formatPatterns.semVer);
    case 'isMimeType': return described('A MIME type.');
    case 'isMacAddress': return described('A MAC address.');
    case 'isDecimal': return absent(option) ? pattern(formatPatterns.decimal) : described('A decimal number.');
    default: return moreFormatSchema(key, constraints);
  }
}

function numberStringSchema(options: JsonValue | undefined): JsonSchema {
  const given = (typeof options === 'object' && options !== null && !Array.isArray(options) ? options : {}) as Record<string, JsonValue>;
  if (given.no_symbols) return pattern(formatPatterns.digits);
  if (given.locale) return described('A number, with the decimal separator of its locale.');
  return pattern(formatPatterns.numberString);
}

function ipSchema(version: JsonValue | undefined): JsonSchema {
  const text = version ? String(version) : '';
  if (text === '4') return { type: 'string', format: 'ipv4' };
  if (text === '6') return { type: 'string', format: 'ipv6' };
  if (text === '') return { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] };
  // validator.js knows no other version: every value fails.
  return { not: {}, description: `No IP address is of version ${text}.` };
}
