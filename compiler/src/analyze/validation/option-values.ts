import { createRequire } from 'node:module';
import type { DtoIR, ValidatorRuleIR } from '../../ir/index.js';
import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { suggest } from '../../diagnostics/suggest.js';
import { localesKnownFor, sameLanguage, valueOf } from './locales.js';

// The libraries class-validator calls (the versions the runtime calls too), read only when a DTO names such a value.
const load = createRequire(import.meta.url);

const NEVER = 'no value can pass the rule';

/** One literal argument a library does not know (or one it needs, left out), and what it does then. */
interface Unknown {
  readonly what: string;
  /** Undefined: the argument is left out. */
  readonly value?: string;
  readonly effect: string;
  readonly known: readonly string[];
}

const THROWS = 'every string sent would make the check throw (a 500), never a 400';

/** Algorithms class-validator documents for `@IsHash`; each is kept only if validator.js takes it. */
const HASH_ALGORITHMS = ['md4', 'md5', 'sha1', 'sha256', 'sha384', 'sha512', 'ripemd128', 'ripemd160', 'tiger128', 'tiger160', 'tiger192', 'crc32', 'crc32b'];

/**
 * How many hex digits validator.js's `isHash` wants for the algorithm, or undefined for one it
 * does not know (its expression then asks for the text `{undefined}` instead).
 *
 * @example
 * hashLength('md5') // 32
 */
export function hashLength(algorithm: string): number | undefined {
  const isHash = (load('validator/lib/isHash.js') as { default: (value: string, algorithm: string) => boolean }).default;
  for (let length = 1; length <= 128; length++) if (isHash('a'.repeat(length), algorithm)) return length;
  return undefined;
}

function unknownOf(rule: ValidatorRuleIR): Unknown[] {
  const arg = valueOf(rule.args[0]);
  switch (rule.name) {
    case 'IsPhoneNumber': {
      // libphonenumber-js throws on an unknown region (caught: false), and a number's own region is upper case.
      const phone = load('libphonenumber-js/max') as { isSupportedCountry: (code: string) => boolean; getCountries: () => string[] };
      return typeof arg === 'string' && !phone.isSupportedCountry(arg) ? [{ what: 'region', value: arg, effect: NEVER, known: phone.getCountries() }] : [];
    }
    case 'IsHash': {
      if (typeof arg !== 'string' || hashLength(arg) !== undefined) return [];
      return [{ what: 'algorithm', value: arg, effect: 'the rule accepts one hex digit followed by the text `{undefined}`, and nothing else', known: HASH_ALGORITHMS.filter((algorithm) => hashLength(algorithm) !== undefined) }];
    }
    case 'IsISBN': {
      const isISBN = (load('validator/lib/isISBN.js') as { default: (value: string, version?: string) => boolean }).default;
      const version = arg ? `${arg as string}` : undefined;
      if (version === undefined || isISBN('0306406152', version) || isISBN('9783161484100', version)) return [];
      return [{ what: 'version', value: version, effect: NEVER, known: ['10', '13'] }];
    }
    case 'IsPassportNumber': {
      const locales = (load('validator/lib/isPassportNumber.js') as { locales: string[] }).locales;
      if (typeof arg !== 'string' || locales.includes(arg)) return [];
      // validator.js looks the code up upper-cased, then reads its table with the code as given.
      const effect = locales.includes(arg.toUpperCase()) ? THROWS : NEVER;
      return [{ what: 'country code', value: arg, effect, known: locales }];
    }
    case 'IsMobilePhone': {
      if (!Array.isArray(arg)) return [];
      const locales = (load('validator/lib/isMobilePhone.js') as { locales: string[] }).locales;
      return arg.filter((locale): locale is string => typeof locale === 'string' && !locales.includes(locale))
        .map((locale) => ({ what: 'locale', value: locale, effect: 'it is skipped, and only the other locales are checked', known: locales }));
    }
    case 'IsPostalCode':
    case 'IsIdentityCard': {
      // Optional in class-validator's signature, but validator.js throws without one (a known locale is FW1703's).
      if (rule.args.length > 0 && !(rule.args[0]?.kind === 'value' && arg === undefined)) return [];
      return [{ what: 'locale', effect: THROWS, known: ['any', ...localesKnownFor(rule.name).filter((locale) => locale !== 'any')] }];
    }
    default: return [];
  }
}

/**
 * The known value meant: the same in another case (`us` → `US`), a locale of the same language, else the nearest spelling.
 *
 * @example
 * nearest('UK', ['DE', 'GB']) // 'GB'
 */
export function nearest(value: string, known: readonly string[]): string | undefined {
  // The United Kingdom's ISO 3166-1 code is GB, not UK.
  if (value.toUpperCase() === 'UK' && known.includes('GB')) return 'GB';
  return known.find((k) => k.toLowerCase() === value.toLowerCase()) ?? sameLanguage(value, known) ?? suggest(value, known);
}

/**
 * FW1704 for each literal option value the library a rule calls does not know, with which the
 * rule silently refuses every value (`@IsPhoneNumber('UK')`, `@IsHash('sha')`, `@IsISBN(11)`) or
 * throws (`@IsPassportNumber('us')`, `@IsPostalCode()` without a locale). A value known only at
 * run time is not judged.
 *
 * @example
 * unknownOptionValues(dto) // [FW1704 at `@IsPhoneNumber('UK')`, hint: did you mean 'GB'?]
 */
export function unknownOptionValues(dto: DtoIR): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const member of dto.members) {
    for (const rule of member.rules) {
      for (const found of unknownOf(rule)) {
        const suggestion = found.value === undefined ? undefined : nearest(found.value, found.known);
        const library = rule.name === 'IsPhoneNumber' ? 'libphonenumber-js' : 'validator.js';
        const names = found.value === undefined
          ? `names no ${found.what}, which ${library} needs for it`
          : `names the ${found.what} '${found.value}', which ${library} does not know for it`;
        const examples = found.known.slice(0, 3).map((k) => `'${k}'`).join(', ');
        out.push(diagnostic('FW1704', rule.location, {
          decorator: `@${rule.name}`, member: member.name, dto: dto.ref.name, names, effect: found.effect, suggestion: suggestion ?? '', examples,
        }));
      }
    }
  }
  return out;
}
