import type { DtoIR, ValidatorRuleIR } from '../../ir/index.js';
import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { suggest } from '../../diagnostics/suggest.js';
import { valueOf } from './locales.js';
import { nearest } from './option-values.js';
import { OPTION_SPECS, optionKinds, readOptions, type OptionKind, type OptionsSpec } from './option-shapes.js';
import { optionsIndex, VALIDATION_OPTION_KEYS } from './plan.js';

/** One thing wrong with a literal options object: the words of FW1705. */
interface Problem {
  readonly what: string;
  readonly effect: string;
  readonly suggestion?: string;
  readonly advice: string;
}

const NO_EFFECT = 'it has no effect, so the rule checks something other than written';

const show = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));
const quoted = (values: readonly string[]): string => values.map((v) => `'${v}'`).join(', ');

/** What a kind takes, in words: "a whole number of 0 or more", "an array of country codes". */
function describe(kind: OptionKind, plural = false): string {
  const a = (singular: string, article = 'a'): string => (plural ? `${singular}s` : `${article} ${singular}`);
  switch (kind.type) {
    case 'boolean': return plural ? 'booleans' : 'a boolean (true or false)';
    case 'number': return kind.whole ? `${a('whole number')} of ${kind.least ?? 0} or more` : a('number');
    case 'string': return kind.shape ?? a('string');
    case 'code': return a(kind.what);
    case 'array': return `${kind.nonEmpty ? 'a non-empty array' : plural ? 'arrays' : 'an array'} of ${describe(kind.of, true)}`;
  }
}

/** Whether a value fits a kind: undefined when it does, else whether its type or its range is wrong, or which codes are unknown. */
function judge(value: unknown, kind: OptionKind): { readonly wrong: true } | { readonly unknown: readonly string[] } | undefined {
  switch (kind.type) {
    case 'boolean': return typeof value === 'boolean' ? undefined : { wrong: true };
    case 'number': {
      const fits = typeof value === 'number' && Number.isFinite(value) && (!kind.whole || Number.isInteger(value)) && value >= (kind.least ?? -Infinity);
      return fits ? undefined : { wrong: true };
    }
    case 'string': return typeof value === 'string' && (!kind.pattern || kind.pattern.test(value)) ? undefined : { wrong: true };
    case 'code': {
      if (typeof value !== 'string' && typeof value !== 'number') return { wrong: true };
      return kind.known().includes(String(value)) ? undefined : { unknown: [String(value)] };
    }
    case 'array': {
      if (!Array.isArray(value) || (kind.nonEmpty && value.length === 0)) return { wrong: true };
      const unknown: string[] = [];
      for (const item of value) {
        const verdict = judge(item, kind.of);
        if (verdict && 'wrong' in verdict) return verdict;
        if (verdict) unknown.push(...verdict.unknown);
      }
      return unknown.length > 0 ? { unknown } : undefined;
    }
  }
}

/** The options worth naming in a hint: those the library reads, less those the rule never uses. */
function acceptedKeys(spec: OptionsSpec): string[] {
  return [...readOptions(spec).keys()].filter((key) => !spec.neverUsed?.[key] && !spec.refused?.[key]);
}

function problemsOf(rule: string, spec: OptionsSpec, options: unknown): Problem[] {
  const library = spec.own ? 'class-validator' : 'validator.js';
  const fn = `${library}'s ${spec.fn}`;
  const asItComes = `${library} uses it as it comes, without a check, so the rule checks something other than written`;
  const accepted = acceptedKeys(spec);
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return [{ what: `passes ${show(options)} as its options, where ${fn} takes an object`, effect: asItComes, advice: `write an object of its options: ${quoted(accepted)}` }];
  }
  const kinds = optionKinds(spec);
  const defaults = readOptions(spec);
  const given = Object.entries(options as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const out: Problem[] = [];
  for (const [key, value] of given) {
    const refused = spec.refused?.[key];
    if (!kinds.has(key)) {
      const suggestion = suggest(key, accepted);
      // `@IsStrongPassword({ each: true })`: class-validator passes it to the library too, and applies none of it.
      const misplaced = VALIDATION_OPTION_KEYS.has(key) ? `; validation options such as '${key}' come after them: @${rule}(${spec.at > 0 ? '…, ' : ''}{}, { ${key}: … })` : '';
      out.push({ what: `passes the option '${key}', which ${fn} does not read`, effect: NO_EFFECT, ...(suggestion ? { suggestion } : {}), advice: `its options are ${quoted(accepted)}${misplaced}` });
    } else if (spec.neverUsed?.[key]) {
      out.push({ what: `sets the option '${key}', which ${fn} reads ${spec.neverUsed[key]}`, effect: NO_EFFECT, advice: 'leave it out' });
    } else if (refused?.refuses(value)) {
      out.push({ what: `sets the option '${key}' to ${show(value)}, ${refused.what}`, effect: refused.effect, advice: 'leave it out' });
    } else {
      const kind = kinds.get(key);
      const verdict = kind && judge(value, kind);
      if (!kind || !verdict) continue;
      if ('wrong' in verdict) {
        const fallback = defaults.get(key);
        const usual = fallback === undefined ? '' : ` (its default is ${show(fallback)})`;
        out.push({ what: `sets the option '${key}' to ${show(value)}, where ${fn} takes ${describe(kind)}`, effect: asItComes, advice: `write ${describe(kind)}${usual}` });
        continue;
      }
      const code = kind.type === 'code' ? kind : kind.type === 'array' && kind.of.type === 'code' ? kind.of : undefined;
      if (!code) continue;
      for (const unknown of verdict.unknown) {
        const suggestion = nearest(unknown, code.known());
        out.push({
          what: `names the ${code.what} '${unknown}' in the option '${key}', which ${fn} does not know`, effect: code.unknownEffect,
          ...(suggestion ? { suggestion } : {}), advice: `use one it knows, such as ${quoted(code.known().slice(0, 3))}`,
        });
      }
    }
  }
  // Options given a value of their own that the others make unused.
  const merged = { ...Object.fromEntries(defaults), ...Object.fromEntries(given) };
  const set = new Set(given.filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(defaults.get(key))).map(([key]) => key));
  for (const { key, when } of spec.unused?.(merged) ?? []) {
    if (set.has(key)) out.push({ what: `sets the option '${key}', which ${fn} does not read ${when}`, effect: NO_EFFECT, advice: 'leave it out' });
  }
  return out;
}

/** The literal options object of a rule that takes one, or undefined (none, or known only at run time). */
function literalOptions(rule: ValidatorRuleIR): { readonly spec: OptionsSpec; readonly options: unknown } | undefined {
  const spec = OPTION_SPECS[rule.name];
  // Validation options in its place (`@IsMACAddress({ each: true })`) are not the rule's own.
  if (!spec || spec.at >= optionsIndex(rule)) return undefined;
  const options = valueOf(rule.args[spec.at]);
  return options === undefined ? undefined : { spec, options };
}

/**
 * FW1705 for each literal options object the library a rule calls (validator.js, or class-validator
 * for `@IsNumber` and `@IsNotEmptyObject`) would take other than written: an option it does not read (`@IsStrongPassword({ minLenght: 12 })`), a value of the wrong type or out of range
 * (`{ minLength: '12' }`), a country code or locale it does not know (`@IsIBAN({ whitelist: ['UK'] })`),
 * or an option that has no effect with the rule or with the other options. Neither library checks
 * any of this itself. An options object known only at run time is not judged.
 *
 * @example
 * optionObjectProblems(dto) // [FW1705 at `@IsStrongPassword({ minLenght: 12 })`, hint: did you mean 'minLength'?]
 */
export function optionObjectProblems(dto: DtoIR): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const member of dto.members) {
    for (const rule of member.rules) {
      const literal = literalOptions(rule);
      if (!literal) continue;
      for (const problem of problemsOf(rule.name, literal.spec, literal.options)) {
        out.push(diagnostic('FW1705', rule.location, {
          decorator: `@${rule.name}`, member: member.name, dto: dto.ref.name, what: problem.what, effect: problem.effect, suggestion: problem.suggestion ?? '', advice: problem.advice,
        }));
      }
    }
  }
  return out;
}
