import { createRequire } from 'node:module';
import type { DtoIR, RuleArgIR } from '../../ir/index.js';
import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { suggest } from '../../diagnostics/suggest.js';

// validator.js's own modules (the range the runtime depends on too), read only when a DTO names a locale.
const load = createRequire(import.meta.url);
const memo = <T>(read: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= read());
};

/** validator.js's tables of locales by rule: `alpha`, `alphanumeric` and `decimal` (keys are the locales). */
const alphaTables = memo(() => load('validator/lib/alpha.js') as Record<'alpha' | 'alphanumeric' | 'decimal', Record<string, unknown>>);
const listed = (module: string) => memo(() => (load(module) as { locales: string[] }).locales);
const mobileLocales = listed('validator/lib/isMobilePhone.js');
const postalLocales = listed('validator/lib/isPostalCode.js');

/**
 * Whether validator.js's function takes the locale, asked of the function itself: it throws on one
 * it does not know (`isIdentityCard`, `isTaxID` keep their tables to themselves).
 */
function accepts(module: string): (locale: string) => boolean {
  return (locale) => {
    try {
      (load(module) as { default: (value: string, locale: string) => boolean }).default('0', locale);
      return true;
    } catch {
      return false;
    }
  };
}

/** The locales named anywhere in validator.js, for the hint of a rule whose table is not exported. */
const everyLocale = memo(() => [...new Set([...Object.keys(alphaTables().alpha), ...mobileLocales(), ...postalLocales()])].sort());

interface LocaleRule {
  readonly localeOf: (args: readonly RuleArgIR[]) => unknown;
  /** The locales validator.js knows for the rule (for the hint), and whether it knows one. */
  readonly known: () => readonly string[];
  readonly knows?: (locale: string) => boolean;
  /** What leaving the locale out does, for the hint. */
  readonly omitted: string;
}

const first = (args: readonly RuleArgIR[]): unknown => valueOf(args[0]);
const forEnUs = "leave the locale out for 'en-US'";
const forAny = "name 'any' for every locale";

/** Where each rule that takes a locale reads it, and which locales validator.js knows for it. */
const LOCALE_RULES: Readonly<Record<string, LocaleRule>> = {
  IsAlpha: { localeOf: first, known: () => Object.keys(alphaTables().alpha), omitted: forEnUs },
  IsAlphanumeric: { localeOf: first, known: () => Object.keys(alphaTables().alphanumeric), omitted: forEnUs },
  IsDecimal: { localeOf: (args) => (valueOf(args[0]) as { locale?: unknown } | undefined)?.locale, known: () => Object.keys(alphaTables().decimal), omitted: forEnUs },
  // An array of locales never throws (unknown ones are skipped): FW1704 judges those.
  IsMobilePhone: { localeOf: first, known: () => [...mobileLocales(), 'any'], omitted: 'leave the locale out for any locale' },
  IsPostalCode: { localeOf: first, known: () => [...postalLocales(), 'any'], omitted: forAny },
  IsIdentityCard: { localeOf: first, known: everyLocale, knows: accepts('validator/lib/isIdentityCard.js'), omitted: forAny },
  IsTaxId: { localeOf: first, known: everyLocale, knows: accepts('validator/lib/isTaxID.js'), omitted: forEnUs },
};

/**
 * The locales validator.js knows for a rule that takes one (for hints), `any` among them where it takes it.
 *
 * @example
 * localesKnownFor('IsPostalCode') // ['AD', 'AT', …, 'any']
 */
export function localesKnownFor(rule: string): readonly string[] {
  const spec = LOCALE_RULES[rule];
  if (!spec) return [];
  return spec.knows ? spec.known().filter(spec.knows) : spec.known();
}

/** A rule argument's literal value, or undefined when it has none (left out, or known only at run time). */
export function valueOf(arg: RuleArgIR | undefined): unknown {
  return arg?.kind === 'value' ? arg.value : undefined;
}

/**
 * FW1703 for each literal locale validator.js does not know (`@IsAlpha('en')`,
 * `@IsDecimal({ locale: 'xx' })`, `@IsPostalCode('XX')`): validator.js throws on every string
 * checked with it, so each request would be a 500. A locale known only at run time is not judged.
 *
 * @example
 * unknownLocales(dto) // [FW1703 at `@IsAlpha('en')`, hint: did you mean 'en-US'?]
 */
export function unknownLocales(dto: DtoIR): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const member of dto.members) {
    for (const rule of member.rules) {
      const spec = LOCALE_RULES[rule.name];
      const locale = spec?.localeOf(rule.args);
      if (spec === undefined || typeof locale !== 'string') continue;
      const candidates = localesKnownFor(rule.name);
      if (spec.knows ? spec.knows(locale) : candidates.includes(locale)) continue;
      const suggestion = sameLanguage(locale, candidates) ?? suggest(locale, candidates);
      const preferred = ['en-US', 'de-DE', 'fr-FR', 'US', 'DE', 'FR', 'ES'].filter((example) => candidates.includes(example));
      const examples = (preferred.length > 0 ? preferred : candidates).slice(0, 3).map((example) => `'${example}'`).join(', ');
      out.push(diagnostic('FW1703', rule.location, { decorator: `@${rule.name}`, member: member.name, dto: dto.ref.name, locale, suggestion: suggestion ?? '', examples, omitted: spec.omitted }));
    }
  }
  return out;
}

/** A known locale of the same language (`en` → `en-US`, `fr-XX` → `fr-FR`): its own country first, else the first. */
export function sameLanguage(locale: string, known: readonly string[]): string | undefined {
  const language = locale.split('-')[0]!.toLowerCase();
  const regional = known.filter((candidate) => candidate.toLowerCase().startsWith(`${language}-`));
  const home = language === 'en' ? 'en-US' : `${language}-${language.toUpperCase()}`;
  return regional.find((candidate) => candidate === home) ?? regional[0];
}
