import type { RuleValue } from '../../ir/index.js';

/** What kind of value a rule can accept at all: a member declared as another type always fails it. */
export type RuleDomain = 'string' | 'number' | 'boolean' | 'array';

/** How the compiler turns one class-validator decorator into a check. */
export interface RuleSpec {
  /** The rule's key in class-validator's `constraints` (its `ValidateBy` name): `isString`. */
  readonly key: string;
  /** The function of `@framework/core/validation` that checks it, called as `check(value, ...constraints)`. */
  readonly check: string;
  /** Positional arguments before the validation options. */
  readonly params: number;
  /** Values of omitted arguments, where the decorator has a default (`@IsNumber()` records `{}`). */
  readonly defaults?: readonly RuleValue[];
  /** Whether class-validator records the arguments as the rule's constraints (`@IsString()` records none). */
  readonly records: boolean;
  /** The default message, `each value in ` left out. */
  readonly message: string;
  readonly domain?: RuleDomain;
  /** The subpath of `@framework/core/validation` exporting the check, when not the main one (`codes`, `text`, `phone`). */
  readonly module?: CheckModule;
  /** The arguments are passed to the check though class-validator does not record them (`@IsIBAN(options)`). */
  readonly passesUnrecorded?: true;
  /**
   * `@MinDate(new Date('2020-01-01'))`: the bound is an expression copied into the tables, and the
   * message (which prints the Date as the process's time zone does) is rendered when they load.
   */
  readonly dateBound?: true;
  /** Where `each value in ` goes: before the message (the default), or before `$property`. */
  readonly eachAt?: 'property';
}

/** Subpaths of `@framework/core/validation` holding the checks of rarer formats, loaded only by apps using one. */
export type CheckModule = 'codes' | 'text' | 'phone';

const noArgs = (key: string, check: string, message: string, domain?: RuleDomain): RuleSpec => ({ key, check, params: 0, records: false, message, ...(domain ? { domain } : {}) });
const withArgs = (key: string, check: string, params: number, message: string, domain?: RuleDomain): RuleSpec => ({ key, check, params, records: true, message, ...(domain ? { domain } : {}) });
/** A string format whose check lives in a subpath of `@framework/core/validation`. */
const format = (module: CheckModule, key: string, message: string, params = 0, check = key): RuleSpec => ({
  key, check, params, records: params > 0, message, domain: 'string', module,
});

/**
 * The class-validator 0.15 decorators the compiler compiles, by exported name, with the keys,
 * constraints and default messages class-validator gives them. `@Length`'s message depends on the
 * value (three variants, `lengthMessageIndex` at run time); `@Matches` takes options in place of
 * its modifiers, `@IsMACAddress` in place of its own options.
 *
 * @example
 * ruleCatalogue.get('Min') // { key: 'min', check: 'min', params: 1, records: true, message: '$property must not be less than $constraint1', domain: 'number' }
 */
export const ruleCatalogue: ReadonlyMap<string, RuleSpec> = new Map([
  ['IsString', noArgs('isString', 'isString', '$property must be a string', 'string')],
  ['IsNumber', { ...withArgs('isNumber', 'isNumber', 1, '$property must be a number conforming to the specified constraints', 'number'), defaults: [{}] }],
  ['IsInt', noArgs('isInt', 'isInt', '$property must be an integer number', 'number')],
  ['IsBoolean', noArgs('isBoolean', 'isBoolean', '$property must be a boolean value', 'boolean')],
  ['IsArray', noArgs('isArray', 'isArray', '$property must be an array', 'array')],
  ['IsObject', noArgs('isObject', 'isObject', '$property must be an object')],
  ['IsDefined', noArgs('isDefined', 'isDefined', '$property should not be null or undefined')],
  ['IsNotEmpty', noArgs('isNotEmpty', 'isNotEmpty', '$property should not be empty')],
  ['IsEmpty', noArgs('isEmpty', 'isEmpty', '$property must be empty')],
  ['Equals', withArgs('equals', 'equals', 1, '$property must be equal to $constraint1')],
  ['NotEquals', withArgs('notEquals', 'notEquals', 1, '$property should not be equal to $constraint1')],
  ['IsIn', withArgs('isIn', 'isIn', 1, '$property must be one of the following values: $constraint1')],
  // Its constraints are the enum and its values, known when the tables load (see planRule).
  ['IsEnum', withArgs('isEnum', 'isEnumMember', 1, '$property must be one of the following values: $constraint2')],
  ['IsNotIn', withArgs('isNotIn', 'isNotIn', 1, '$property should not be one of the following values: $constraint1')],
  ['Min', withArgs('min', 'min', 1, '$property must not be less than $constraint1', 'number')],
  ['Max', withArgs('max', 'max', 1, '$property must not be greater than $constraint1', 'number')],
  ['IsPositive', noArgs('isPositive', 'isPositive', '$property must be a positive number', 'number')],
  ['IsNegative', noArgs('isNegative', 'isNegative', '$property must be a negative number', 'number')],
  ['IsDivisibleBy', withArgs('isDivisibleBy', 'isDivisibleBy', 1, '$property must be divisible by $constraint1', 'number')],
  ['MinLength', withArgs('minLength', 'minLength', 1, '$property must be longer than or equal to $constraint1 characters', 'string')],
  ['MaxLength', withArgs('maxLength', 'maxLength', 1, '$property must be shorter than or equal to $constraint1 characters', 'string')],
  ['Length', withArgs('isLength', 'length', 2, '', 'string')],
  ['Matches', withArgs('matches', 'matches', 2, '$property must match $constraint1 regular expression', 'string')],
  ['Contains', withArgs('contains', 'contains', 1, '$property must contain a $constraint1 string', 'string')],
  ['NotContains', withArgs('notContains', 'notContains', 1, '$property should not contain a $constraint1 string', 'string')],
  ['IsEmail', withArgs('isEmail', 'isEmail', 1, '$property must be an email', 'string')],
  ['IsUUID', withArgs('isUuid', 'isUUID', 1, '$property must be a UUID', 'string')],
  ['IsUrl', withArgs('isUrl', 'isURL', 1, '$property must be a URL address', 'string')],
  ['IsISO8601', withArgs('isIso8601', 'isISO8601', 1, '$property must be a valid ISO 8601 date string', 'string')],
  ['IsDateString', withArgs('isDateString', 'isISO8601', 1, '$property must be a valid ISO 8601 date string', 'string')],
  ['IsHexColor', noArgs('isHexColor', 'isHexColor', '$property must be a hexadecimal color', 'string')],
  ['IsAlpha', withArgs('isAlpha', 'isAlpha', 1, '$property must contain only letters (a-zA-Z)', 'string')],
  ['IsAlphanumeric', withArgs('isAlphanumeric', 'isAlphanumeric', 1, '$property must contain only letters and numbers', 'string')],
  ['IsNumberString', withArgs('isNumberString', 'isNumberString', 1, '$property must be a number string', 'string')],
  ['IsLowercase', noArgs('isLowercase', 'isLowercase', '$property must be a lowercase string', 'string')],
  ['IsUppercase', noArgs('isUppercase', 'isUppercase', '$property must be uppercase', 'string')],
  ['IsAscii', noArgs('isAscii', 'isAscii', '$property must contain only ASCII characters', 'string')],
  ['IsBase64', withArgs('isBase64', 'isBase64', 1, '$property must be base64 encoded', 'string')],
  ['IsJSON', noArgs('isJson', 'isJSON', '$property must be a json string', 'string')],
  ['IsJWT', noArgs('isJwt', 'isJWT', '$property must be a jwt string', 'string')],
  ['IsIP', withArgs('isIp', 'isIP', 1, '$property must be an ip address', 'string')],
  ['IsPort', noArgs('isPort', 'isPort', '$property must be a port', 'string')],
  ['IsMongoId', noArgs('isMongoId', 'isMongoId', '$property must be a mongodb id', 'string')],
  ['IsFQDN', withArgs('isFqdn', 'isFQDN', 1, '$property must be a valid domain name', 'string')],
  // A number or a string.
  ['IsLatitude', noArgs('isLatitude', 'isLatitude', '$property must be a latitude string or number')],
  ['IsLongitude', noArgs('isLongitude', 'isLongitude', '$property must be a longitude string or number')],
  ['IsLatLong', noArgs('isLatLong', 'isLatLong', '$property must be a latitude,longitude string', 'string')],
  ['IsSemVer', noArgs('isSemVer', 'isSemVer', '$property must be a Semantic Versioning Specification', 'string')],
  ['IsMimeType', noArgs('isMimeType', 'isMimeType', '$property must be MIME type format', 'string')],
  // Its options may be left out before the validation options (see optionsIndex).
  ['IsMACAddress', withArgs('isMacAddress', 'isMACAddress', 1, '$property must be a MAC Address', 'string')],
  ['IsDecimal', withArgs('isDecimal', 'isDecimal', 1, '$property is not a valid decimal number.', 'string')],
  ['ArrayMinSize', withArgs('arrayMinSize', 'arrayMinSize', 1, '$property must contain at least $constraint1 elements', 'array')],
  ['ArrayMaxSize', withArgs('arrayMaxSize', 'arrayMaxSize', 1, '$property must contain no more than $constraint1 elements', 'array')],
  ['ArrayNotEmpty', noArgs('arrayNotEmpty', 'arrayNotEmpty', '$property should not be empty', 'array')],
  ['ArrayContains', withArgs('arrayContains', 'arrayContains', 1, '$property must contain $constraint1 values', 'array')],
  ['ArrayNotContains', withArgs('arrayNotContains', 'arrayNotContains', 1, '$property should not contain $constraint1 values', 'array')],
  // Only without a selector function: an arrow argument is known only at run time.
  ['ArrayUnique', noArgs('arrayUnique', 'arrayUnique', "All $property's elements must be unique", 'array')],
  ['IsNotEmptyObject', withArgs('isNotEmptyObject', 'isNotEmptyObject', 1, '$property must be a non-empty object')],
  // Only absent members pass in a JSON body, which holds no Date (as under class-validator).
  ['IsDate', noArgs('isDate', 'isDate', '$property must be a Date instance')],
  ['MinDate', { ...withArgs('minDate', 'minDate', 1, 'minimal allowed date for $property is $constraint1'), dateBound: true, eachAt: 'property' }],
  ['MaxDate', { ...withArgs('maxDate', 'maxDate', 1, 'maximal allowed date for $property is $constraint1'), dateBound: true, eachAt: 'property' }],
  // Codes and identifiers (`@framework/core/validation/codes`).
  ['IsBIC', format('codes', 'isBIC', '$property must be a BIC or SWIFT code')],
  ['IsBtcAddress', format('codes', 'isBtcAddress', '$property must be a BTC address')],
  ['IsCreditCard', format('codes', 'isCreditCard', '$property must be a credit card')],
  ['IsCurrency', format('codes', 'isCurrency', '$property must be a currency', 1)],
  ['IsEAN', format('codes', 'isEAN', '$property must be an EAN (European Article Number)')],
  ['IsEthereumAddress', format('codes', 'isEthereumAddress', '$property must be an Ethereum address')],
  ['IsFirebasePushId', format('codes', 'IsFirebasePushId', '$property must be a Firebase Push Id', 0, 'isFirebasePushId')],
  ['IsHash', format('codes', 'isHash', '$property must be a hash of type $constraint1', 1)],
  ['IsIBAN', { ...format('codes', 'isIBAN', '$property must be an IBAN', 1), records: false, passesUnrecorded: true }],
  ['IsIdentityCard', format('codes', 'isIdentityCard', '$property must be a identity card number', 1)],
  ['IsISBN', format('codes', 'isIsbn', '$property must be an ISBN', 1, 'isISBN')],
  ['IsISIN', format('codes', 'isIsin', '$property must be an ISIN (stock/security identifier)', 0, 'isISIN')],
  ['IsISO31661Alpha2', format('codes', 'isISO31661Alpha2', '$property must be a valid ISO31661 Alpha2 code')],
  ['IsISO31661Alpha3', format('codes', 'isISO31661Alpha3', '$property must be a valid ISO31661 Alpha3 code')],
  ['IsISO31661Numeric', format('codes', 'isISO31661Numeric', '$property must be a valid ISO 3166-1 numeric country code')],
  ['IsISO4217CurrencyCode', format('codes', 'isISO4217CurrencyCode', '$property must be a valid ISO4217 currency code')],
  ['IsISO6391', format('codes', 'isISO6391', '$property must be a valid ISO 639-1 language code')],
  ['IsISRC', format('codes', 'isISRC', '$property must be an ISRC')],
  ['IsISSN', format('codes', 'isISSN', '$property must be a ISSN', 1)],
  ['IsLocale', format('codes', 'isLocale', '$property must be locale')],
  ['IsMobilePhone', format('codes', 'isMobilePhone', '$property must be a phone number', 2)],
  ['IsPassportNumber', format('codes', 'isPassportNumber', '$property must be valid passport number', 1)],
  ['IsPostalCode', format('codes', 'isPostalCode', '$property must be a postal code', 1)],
  ['IsTaxId', format('codes', 'isTaxId', '$property must be a Tax Identification Number', 1)],
  ['IsPhoneNumber', format('phone', 'isPhoneNumber', '$property must be a valid phone number', 1)],
  // Encodings, characters, colours and times (`@framework/core/validation/text`).
  ['IsBase32', format('text', 'isBase32', '$property must be base32 encoded')],
  ['IsBase58', format('text', 'isBase58', '$property must be base58 encoded')],
  ['IsBooleanString', format('text', 'isBooleanString', '$property must be a boolean string')],
  ['IsByteLength', format('text', 'isByteLength', "$property's byte length must fall into ($constraint1, $constraint2) range", 2)],
  ['IsDataURI', format('text', 'isDataURI', '$property must be a data uri format')],
  ['IsFullWidth', format('text', 'isFullWidth', '$property must contain a full-width characters')],
  ['IsHalfWidth', format('text', 'isHalfWidth', '$property must contain a half-width characters')],
  ['IsVariableWidth', format('text', 'isVariableWidth', '$property must contain a full-width and half-width characters')],
  ['IsMultibyte', format('text', 'isMultibyte', '$property must contain one or more multibyte chars')],
  ['IsSurrogatePair', format('text', 'isSurrogatePair', '$property must contain any surrogate pairs chars')],
  ['IsHexadecimal', format('text', 'isHexadecimal', '$property must be a hexadecimal number')],
  ['IsOctal', format('text', 'isOctal', '$property must be valid octal number')],
  ['IsHSL', format('text', 'isHSL', '$property must be a HSL color')],
  ['IsRgbColor', format('text', 'isRgbColor', '$property must be RGB color', 1)],
  ['IsMagnetURI', format('text', 'isMagnetURI', '$property must be magnet uri format')],
  ['IsMilitaryTime', format('text', 'isMilitaryTime', '$property must be a valid representation of military time in the format HH:MM')],
  ['IsRFC3339', format('text', 'isRFC3339', '$property must be RFC 3339 date')],
  ['IsStrongPassword', format('text', 'isStrongPassword', '$property is not strong enough', 1)],
  ['IsTimeZone', format('text', 'isTimeZone', '$property must be a valid IANA time-zone')],
]);

/** `@Length`'s three messages, in the order of `lengthMessageIndex`. */
export const lengthMessages = [
  '$property must be longer than or equal to $constraint1 characters',
  '$property must be shorter than or equal to $constraint2 characters',
  '$property must be longer than or equal to $constraint1 and shorter than or equal to $constraint2 characters',
] as const;

/** Decorators that add no check of their own: conditions, nesting, whitelisting. */
export const structuralDecorators: ReadonlySet<string> = new Set(['IsOptional', 'ValidateIf', 'ValidateNested', 'Allow']);

/** The decorator that fits a member of the declared type, for FW1702's hint. */
export const fittingDecorator: Readonly<Record<RuleDomain, string>> = {
  string: '@IsString()',
  number: '@IsNumber()',
  boolean: '@IsBoolean()',
  array: '@IsArray()',
};
