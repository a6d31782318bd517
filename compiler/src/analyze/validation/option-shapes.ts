import { createRequire } from 'node:module';

// validator.js's own modules (the range the runtime depends on too), read only when a DTO passes one of them options.
const load = createRequire(import.meta.url);

/** What one option takes. Types come from validator.js's defaults; ranges and lists narrow them. */
export type OptionKind =
  | { readonly type: 'boolean' }
  | { readonly type: 'number'; readonly least?: number; readonly whole?: true }
  | { readonly type: 'string'; readonly pattern?: RegExp; readonly shape?: string }
  | { readonly type: 'array'; readonly of: OptionKind; readonly nonEmpty?: true }
  /** A value from a list validator.js keeps (`String(value)` is looked up, as validator.js compares). */
  | { readonly type: 'code'; readonly what: string; readonly known: () => readonly string[]; readonly unknownEffect: string };

/** An option validator.js reads but that has no effect with the other options given. */
export interface Unused {
  readonly key: string;
  /** Why it is not read: "when allow_negatives is false". */
  readonly when: string;
}

/** How the library function of a rule takes its options object, and what may be in it. */
export interface OptionsSpec {
  /** The module under `validator/lib/` (its default export is the function), or class-validator's function. */
  readonly fn: string;
  /**
   * class-validator's own options (`IsNumberOptions`): the compiler does not load class-validator,
   * so `kinds` lists them all (a test holds them to class-validator's function).
   */
  readonly own?: true;
  /** The decorator argument holding the options object. */
  readonly at: number;
  /** The arguments before the options when validator.js's function is called (`isMobilePhone(str, locale, options)`). */
  readonly before?: readonly unknown[];
  /** Kinds of the options validator.js reads without a default, and narrower kinds of some with one. */
  readonly kinds?: Readonly<Record<string, OptionKind>>;
  /** Options validator.js reads that never matter through class-validator's rule, and why (left out of the accepted keys). */
  readonly neverUsed?: Readonly<Record<string, string>>;
  /** Options whose value turns the rule into another one, and what the rule does then (left out of the accepted keys). */
  readonly refused?: Readonly<Record<string, { readonly refuses: (value: unknown) => boolean; readonly what: string; readonly effect: string }>>;
  /** Options that have no effect given the others (all merged over validator.js's defaults). */
  readonly unused?: (options: Readonly<Record<string, unknown>>) => readonly Unused[];
}

const bool: OptionKind = { type: 'boolean' };
const count: OptionKind = { type: 'number', least: 0, whole: true };
const strings: OptionKind = { type: 'array', of: { type: 'string' } };
const character: OptionKind = { type: 'string', pattern: /^[\s\S]$/u, shape: 'one character' };
const ibanCountries = () => (load('validator/lib/isIBAN.js') as { locales: readonly string[] }).locales;
const decimalLocales = () => Object.keys((load('validator/lib/alpha.js') as { decimal: Record<string, string> }).decimal);
const ibanCountry = (unknownEffect: string): OptionKind => ({
  type: 'array', of: { type: 'code', what: 'country code', known: ibanCountries, unknownEffect },
});

/** Unused options: each key of `keys` that is given while `off` holds. */
const unusedWhen = (off: boolean, when: string, keys: readonly string[]): Unused[] => (off ? keys.map((key) => ({ key, when })) : []);

/**
 * The rules of `@framework/core/validators` that take an options object, by decorator name: those
 * passing it to validator.js, and `IsNumber` and `IsNotEmptyObject`, whose options are class-validator's. The keys each function reads, and the defaults giving their types, are read from
 * validator.js itself (`readOptions`); only what it gives no default for is typed here.
 *
 * @example
 * OPTION_SPECS.IsStrongPassword.fn // 'isStrongPassword'
 */
export const OPTION_SPECS: Readonly<Record<string, OptionsSpec>> = {
  IsStrongPassword: {
    fn: 'isStrongPassword', at: 0,
    kinds: { minLength: count, minLowercase: count, minUppercase: count, minNumbers: count, minSymbols: count },
    neverUsed: Object.fromEntries(['pointsPerUnique', 'pointsPerRepeat', 'pointsForContainingLower', 'pointsForContainingUpper', 'pointsForContainingNumber', 'pointsForContainingSymbol']
      .map((key) => [key, 'only to score a password (returnScore), which the rule never asks for'])),
    // class-validator takes the score as the verdict, and any score above 0 as a pass.
    refused: {
      returnScore: {
        refuses: (value) => value === true,
        what: "with which validator.js's isStrongPassword returns a score, not a verdict",
        effect: 'class-validator takes any score above 0 as a pass, so every string but the empty one passes, whatever the other options say',
      },
    },
  },
  IsCurrency: {
    fn: 'isCurrency', at: 0,
    kinds: { thousands_separator: character, decimal_separator: character, digits_after_decimal: { type: 'array', of: count, nonEmpty: true } },
    unused: (o) => [
      ...unusedWhen(!o.allow_negatives, 'when allow_negatives is false', ['parens_for_negatives', 'negative_sign_before_digits', 'negative_sign_after_digits']),
      ...unusedWhen(!!o.allow_negatives && !!o.parens_for_negatives, 'when parens_for_negatives is true', ['negative_sign_before_digits', 'negative_sign_after_digits']),
      ...unusedWhen(!!o.allow_negatives && !o.parens_for_negatives && !!o.negative_sign_after_digits, 'when negative_sign_after_digits is true', ['negative_sign_before_digits']),
      ...unusedWhen(!!o.allow_negative_sign_placeholder, 'when allow_negative_sign_placeholder is true', ['allow_space_after_symbol', 'allow_space_after_digits']),
      ...unusedWhen(!o.allow_negative_sign_placeholder && !!o.allow_space_after_symbol, 'when allow_space_after_symbol is true', ['allow_space_after_digits']),
      ...unusedWhen(!o.allow_decimal && !o.require_decimal, 'when allow_decimal and require_decimal are both false', ['digits_after_decimal', 'decimal_separator']),
    ],
  },
  IsIBAN: {
    fn: 'isIBAN', at: 0,
    kinds: { whitelist: ibanCountry('no value can pass the rule'), blacklist: ibanCountry('it excludes no IBAN') },
  },
  IsISSN: { fn: 'isISSN', at: 0, kinds: { require_hyphen: bool, case_sensitive: bool } },
  IsMobilePhone: { fn: 'isMobilePhone', at: 1, before: ['any'], kinds: { strictMode: bool } },
  IsEmail: { fn: 'isEmail', at: 0, kinds: { domain_specific_validation: bool, allow_ip_domain: bool } },
  IsUrl: {
    fn: 'isURL', at: 0,
    kinds: { host_whitelist: strings, host_blacklist: strings, disallow_auth: bool, max_allowed_length: { type: 'number', least: 1, whole: true } },
    unused: (o) => [
      ...unusedWhen(!o.validate_length, 'when validate_length is false', ['max_allowed_length']),
      ...unusedWhen(!o.require_valid_protocol, 'when require_valid_protocol is false', ['protocols']),
    ],
  },
  IsFQDN: { fn: 'isFQDN', at: 0 },
  IsISO8601: { fn: 'isISO8601', at: 0, kinds: { strict: bool, strictSeparator: bool } },
  IsDateString: { fn: 'isISO8601', at: 0, kinds: { strict: bool, strictSeparator: bool } },
  IsBase64: { fn: 'isBase64', at: 0 },
  // Its locale is FW1703's.
  IsDecimal: { fn: 'isDecimal', at: 0, kinds: { decimal_digits: { type: 'string', pattern: /^\d+(?:,\d*)?$/, shape: "a count of digits such as '2', or a range such as '1,3' or '1,'" } } },
  IsNumberString: {
    fn: 'isNumeric', at: 0,
    kinds: { no_symbols: bool, locale: { type: 'code', what: 'locale', known: decimalLocales, unknownEffect: "its decimal separator becomes any letter of the text 'undefined'" } },
  },
  IsNumber: { fn: 'isNumber', own: true, at: 0, kinds: { allowNaN: bool, allowInfinity: bool, maxDecimalPlaces: count } },
  IsNotEmptyObject: { fn: 'isNotEmptyObject', own: true, at: 0, kinds: { nullable: bool } },
  IsMACAddress: {
    fn: 'isMACAddress', at: 0,
    kinds: { no_colons: bool, no_separators: bool, eui: { type: 'code', what: 'EUI size', known: () => ['48', '64'], unknownEffect: 'it is ignored, and both sizes pass' } },
  },
};

/** Strings that walk the paths of validator.js's functions, so that each reads every option it has. */
const PROBES = ['', '0', '1.5', 'a@b.co', 'http://a.b/c?d#e', '2020-01-01T00:00:00Z', '$1,000.00', 'DE89370400440532013000', '00:1B:63:84:45:E6', 'Ab1!aaaa', '2049-3630', '+4915123456789'];

const readMemo = new Map<string, ReadonlyMap<string, unknown>>();

/**
 * The options validator.js's function reads, each with its default (undefined when it has none),
 * asked of the function itself: it is called on probe strings with an options object that records
 * every key read and every default merged into it. class-validator's own options are the spec's.
 *
 * @example
 * readOptions(OPTION_SPECS.IsStrongPassword).get('minLength') // 8
 */
export function readOptions(spec: OptionsSpec): ReadonlyMap<string, unknown> {
  if (spec.own) return new Map(Object.keys(spec.kinds ?? {}).map((name) => [name, undefined]));
  let read = readMemo.get(spec.fn);
  if (read) return read;
  const fn = (load(`validator/lib/${spec.fn}.js`) as { default: (...args: unknown[]) => unknown }).default;
  const found = new Map<string, unknown>();
  for (const probe of PROBES) {
    const options = new Proxy({} as Record<string, unknown>, {
      get: (target, name) => {
        if (typeof name === 'string' && !found.has(name)) found.set(name, undefined);
        return target[name as string];
      },
      has: (target, name) => {
        if (typeof name === 'string' && !found.has(name)) found.set(name, undefined);
        return name in target;
      },
      set: (target, name, value) => {
        if (typeof name === 'string' && found.get(name) === undefined) found.set(name, value);
        target[name as string] = value;
        return true;
      },
    });
    try {
      fn(probe, ...(spec.before ?? []), options);
    } catch {
      // A probe the function refuses by throwing still shows the options read before.
    }
  }
  readMemo.set(spec.fn, (read = found));
  return read;
}

/**
 * The kind of each option validator.js reads for the rule: the spec's, else its default's type,
 * else anything (an option validator.js reads without a default the spec does not type).
 *
 * @example
 * optionKinds(OPTION_SPECS.IsStrongPassword).get('returnScore') // { type: 'boolean' }
 */
export function optionKinds(spec: OptionsSpec): ReadonlyMap<string, OptionKind | undefined> {
  const kinds = new Map<string, OptionKind | undefined>();
  for (const [key, fallback] of readOptions(spec)) kinds.set(key, spec.kinds?.[key] ?? kindOf(fallback));
  return kinds;
}

function kindOf(value: unknown): OptionKind | undefined {
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number') return { type: 'number' };
  if (typeof value === 'string') return { type: 'string' };
  if (Array.isArray(value)) return { type: 'array', of: kindOf(value[0]) ?? { type: 'string' } };
  return undefined;
}
