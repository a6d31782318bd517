import { createRequire } from 'node:module';
import type { DtoIR, RuleArgIR } from '../../ir/index.js';
import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { suggest } from '../../diagnostics/suggest.js';

/** validator.js's tables of locales by rule: `alpha`, `alphanumeric` and `decimal` (keys are the locales). */
interface LocaleTables {
  readonly alpha: Readonly<Record<string, unknown>>;
  readonly alphanumeric: Readonly<Record<string, unknown>>;
  readonly decimal: Readonly<Record<string, unknown>>;
}

let tables: LocaleTables | undefined;
// validator.js's own tables (the range the runtime depends on too), read only when a DTO names a locale.
const localeTables = (): LocaleTables => (tables ??= createRequire(import.meta.url)('validator/lib/alpha.js') as LocaleTables);

/** Where each rule that takes a locale reads it, and which of validator.js's tables knows it. */
const LOCALE_RULES: Readonly<Record<string, { readonly table: keyof LocaleTables; readonly localeOf: (args: readonly RuleArgIR[]) => unknown }>> = {
  IsAlpha: { table: 'alpha', localeOf: (args) => valueOf(args[0]) },
  IsAlphanumeric: { table: 'alphanumeric', localeOf: (args) => valueOf(args[0]) },
  IsDecimal: { table: 'decimal', localeOf: (args) => (valueOf(args[0]) as { locale?: unknown } | undefined)?.locale },
};

function valueOf(arg: RuleArgIR | undefined): unknown {
  return arg?.kind === 'value' ? arg.value : undefined;
}

/**
 * FW1703 for each literal locale validator.js does not know (`@IsAlpha('en')`,
 * `@IsDecimal({ locale: 'xx' })`): validator.js throws on every string checked with it, so each
 * request would be a 500. A locale known only at run time is not judged.
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
      const known = Object.keys(localeTables()[spec.table]);
      if (known.includes(locale)) continue;
      const suggestion = sameLanguage(locale, known) ?? suggest(locale, known);
      const examples = ['en-US', 'de-DE', 'fr-FR'].filter((example) => known.includes(example)).map((example) => `'${example}'`).join(', ');
      out.push(diagnostic('FW1703', rule.location, { decorator: `@${rule.name}`, member: member.name, dto: dto.ref.name, locale, suggestion: suggestion ?? '', examples }));
    }
  }
  return out;
}

/** A known locale of the same language (`en` → `en-US`, `fr-XX` → `fr-FR`): its own country first, else the first. */
function sameLanguage(locale: string, known: readonly string[]): string | undefined {
  const language = locale.split('-')[0]!.toLowerCase();
  const regional = known.filter((candidate) => candidate.toLowerCase().startsWith(`${language}-`));
  const home = language === 'en' ? 'en-US' : `${language}-${language.toUpperCase()}`;
  return regional.find((candidate) => candidate === home) ?? regional[0];
}
