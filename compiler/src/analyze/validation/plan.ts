import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DtoIR, DtoMemberIR, RuleArgIR, ValidatorRuleIR, ValueRef } from '../../ir/index.js';
import { renderMessage, runtimeValue } from './messages.js';
import { fittingDecorator, lengthMessages, ruleCatalogue, structuralDecorators, type CheckModule, type RuleSpec } from './rule-catalogue.js';

/** One compiled rule: `check(value, ...constraints)`, and the reason it gives. */
export interface RulePlan {
  readonly key: string;
  readonly check: string;
  /** The constraints as recorded by class-validator (arguments passed to the check too). */
  readonly constraints: readonly RuleArgIR[];
  /** Arguments passed to the check that class-validator does not record (`@IsIBAN(options)`); else the constraints are. */
  readonly args?: readonly RuleArgIR[];
  /** The subpath of `@framework/core/validation` exporting the check, when not the main one. */
  readonly module?: CheckModule;
  readonly each: boolean;
  /** One message, or `@Length`'s three (picked by `lengthMessageIndex` at run time). */
  readonly messages: readonly string[];
  /** `@IsEnum(E)`: the enum; the constraints and the message (a template then) are made when the tables load. */
  readonly enumRef?: ValueRef;
  /** `@MinDate`/`@MaxDate`: the one message is a template, rendered when the tables load. */
  readonly renderAtLoad?: true;
}

/** When a member is validated at all: `@IsOptional()` (not null or undefined), `@ValidateIf(arrow)`. */
export type ConditionPlan = { readonly kind: 'optional' } | { readonly kind: 'arrow'; readonly text: string };

export interface MemberPlan {
  readonly name: string;
  readonly conditions: readonly ConditionPlan[];
  readonly rules: readonly RulePlan[];
  /** A nested DTO member: validated (`@ValidateNested()`), or only hydrated. */
  readonly nested?: { readonly dto: DtoIR; readonly each: boolean; readonly validated: boolean };
}

/** Why a DTO stays on class-validator: the first decorator (or member) the compiler cannot compile. */
export interface Fallback {
  readonly dto: string;
  /** What cannot be compiled: "@Validate on member 'code'", "the base class `PartialType(NoteDto)`". */
  readonly subject: string;
  readonly why: string;
  readonly location: DtoMemberIR['location'];
  /** The cause is in a nested DTO (which reports it itself). */
  readonly nested: boolean;
}

export type DtoPlan =
  | { readonly kind: 'compiled'; readonly dto: DtoIR; readonly members: readonly MemberPlan[] }
  | { readonly kind: 'fallback'; readonly dto: DtoIR; readonly fallback: Fallback };

/**
 * How each DTO the application validates is checked at run time, decided once by analysis: the
 * emitters (validators, OpenAPI schemas) and `--explain` read these plans and plan nothing themselves.
 */
export type ValidationPlans = ReadonlyMap<DtoIR, DtoPlan>;

const plans = new WeakMap<DtoIR, DtoPlan>();

/**
 * How a DTO is validated at run time: its rules compiled into direct checks, or class-validator
 * when one decorator (or a nested DTO's) cannot be compiled. Pure and memoised per DTO: analyze
 * reports from it, emit renders it.
 *
 * @example
 * planDto(createTodoDto).kind // 'compiled'
 */
export function planDto(dto: DtoIR): DtoPlan {
  let plan = plans.get(dto);
  if (!plan) plans.set(dto, (plan = buildPlan(dto)));
  return plan;
}

function buildPlan(dto: DtoIR): DtoPlan {
  if (dto.expressionBase) {
    const why = 'what a base class made by a call adds is only known at run time';
    return { kind: 'fallback', dto, fallback: { dto: dto.ref.name, subject: `its base class \`${dto.expressionBase}\``, why, location: dto.location, nested: false } };
  }
  const members: MemberPlan[] = [];
  for (const member of dto.members) {
    const planned = planMember(dto, member);
    if ('why' in planned) return { kind: 'fallback', dto, fallback: planned };
    members.push(planned);
  }
  return { kind: 'compiled', dto, members };
}

function planMember(dto: DtoIR, member: DtoMemberIR): MemberPlan | Fallback {
  const fallback = (decorator: string, why: string, location = member.location, nested = false): Fallback => ({
    dto: dto.ref.name, subject: decorator ? `${decorator} on member '${member.name}'` : `member '${member.name}'`, why, location, nested,
  });
  if (member.declaredInDeclarationFile) return fallback('', 'it is inherited from a .d.ts file, whose decorators are not readable', dto.location);
  if (member.redeclared) return fallback('', 'it is declared again in a subclass, and class-validator merges inherited rules its own way');
  const conditions: ConditionPlan[] = [];
  const rules: RulePlan[] = [];
  let validated = false;
  for (const rule of member.rules) {
    const at = (why: string): Fallback => fallback(`@${rule.name}`, why, rule.location);
    if (!structuralDecorators.has(rule.name) && !ruleCatalogue.has(rule.name)) {
      return at(rule.name === 'Validate' || rule.name === 'ValidateBy'
        ? 'a custom constraint runs only at run time'
        : 'the compiler has no direct check for it');
    }
    const options = optionsOf(rule);
    if (typeof options === 'string') return at(options);
    if (rule.name === 'IsOptional') conditions.push({ kind: 'optional' });
    else if (rule.name === 'ValidateIf') {
      const condition = rule.args[0];
      if (condition?.kind !== 'arrow') return at('its condition is not an arrow that names only its own parameters');
      conditions.push({ kind: 'arrow', text: condition.text });
    } else if (rule.name === 'ValidateNested') validated = true;
    else if (!structuralDecorators.has(rule.name)) {
      const planned = planRule(ruleCatalogue.get(rule.name)!, rule, options, member.name);
      if (typeof planned === 'string') return at(planned);
      if (rules.some((r) => r.key === planned.key)) return at(`the member carries two '${planned.key}' rules, which class-validator reports as one`);
      rules.push(planned);
    }
  }
  if (validated && !member.nested) return fallback('@ValidateNested', 'the member is not typed with a validated class (or an array of one) the compiler can follow');
  if (member.nested) {
    const nested = planDto(member.nested.dto);
    if (nested.kind === 'fallback') return fallback('', `nested DTO ${nested.fallback.dto} stays on class-validator: ${nested.fallback.subject}, ${nested.fallback.why}`, nested.fallback.location, true);
  }
  return { name: member.name, conditions, rules, ...(member.nested ? { nested: { ...member.nested, validated } } : {}) };
}

/** `{ each, message }` of the validation options, or why they cannot be compiled. */
function optionsOf(rule: ValidatorRuleIR): { each: boolean; message?: string } | string {
  const index = optionsIndex(rule);
  for (const [i, arg] of rule.args.entries()) {
    if (i === 0 && ruleCatalogue.get(rule.name)?.dateBound && arg.kind === 'dynamic' && LITERAL_DATE.test(arg.text)) continue;
    if ((arg.kind === 'dynamic' || arg.kind === 'arrow') && rule.name !== 'ValidateIf') return `its argument \`${arg.text}\` is only known at run time`;
  }
  const arg = rule.args[index];
  if (!arg || (arg.kind === 'value' && arg.value === undefined)) return { each: false };
  if (arg.kind !== 'value' || typeof arg.value !== 'object' || arg.value === null || Array.isArray(arg.value)) return 'its validation options are not an object literal';
  const { each, message, ...rest } = arg.value as Record<string, unknown>;
  const others = Object.keys(rest);
  if (others.length > 0) return `its validation option${others.length > 1 ? 's' : ''} ${others.map((o) => `'${o}'`).join(', ')} ${others.length > 1 ? 'are' : 'is'} not compiled`;
  if (message !== undefined && typeof message !== 'string') return 'its message is not a string literal';
  return { each: each === true, ...(typeof message === 'string' ? { message } : {}) };
}

/**
 * Where the validation options are: after the rule's own arguments, except that
 * `@Matches(pattern, options)` takes them in place of the modifiers and `@IsMACAddress(options)`
 * in place of its own options when they look like validation options (class-validator's
 * `isValidationOptions`: an object with `each`, `message`, `groups`, `always`, `context` or `validateIf`).
 *
 * @example
 * optionsIndex(rule) // 2 for `@IsMobilePhone('de-DE', { strictMode: true }, { each: true })`
 */
export function optionsIndex(rule: ValidatorRuleIR): number {
  if (rule.name === 'ValidateIf') return 1;
  if (rule.name === 'Matches') {
    const second = rule.args[1];
    const isObject = second?.kind === 'value' && typeof second.value === 'object' && second.value !== null;
    return isObject && rule.args.length === 2 ? 1 : 2;
  }
  if (rule.name === 'IsMACAddress') {
    const first = rule.args[0];
    const keys = first?.kind === 'value' && typeof first.value === 'object' && first.value !== null ? Object.keys(first.value) : [];
    return keys.some((k) => VALIDATION_OPTION_KEYS.has(k)) ? 0 : 1;
  }
  return ruleCatalogue.get(rule.name)?.params ?? 0;
}

/**
 * A Date made from a literal alone (`new Date('2020-01-01')`, `new Date(0)`): copied into the
 * tables, it is the same Date class-validator holds. A function bound stays on class-validator:
 * its message prints the function's source, which a bundler may rewrite.
 */
const LITERAL_DATE = /^new Date\((?:'[^'\\\n]*'|"[^"\\\n]*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\)$/;

/** The keys of class-validator's validation options (`isValidationOptions`). */
export const VALIDATION_OPTION_KEYS: ReadonlySet<string> = new Set(['each', 'message', 'groups', 'always', 'context', 'validateIf']);

function planRule(spec: RuleSpec, rule: ValidatorRuleIR, options: { each: boolean; message?: string }, property: string): RulePlan | string {
  if (spec.key === 'isEnum') return planEnum(spec, rule, options);
  // Arguments given in the place of the validation options are not the rule's own.
  const params = Math.min(spec.params, optionsIndex(rule));
  const constraints: RuleArgIR[] = [];
  for (let i = 0; i < spec.params; i++) {
    const arg = i < params ? rule.args[i] : undefined;
    const given = arg && !(arg.kind === 'value' && arg.value === undefined) ? arg : undefined;
    const fallbackValue = spec.defaults?.[i];
    constraints.push(given ?? { kind: 'value', value: fallbackValue });
  }
  const recorded = spec.records ? constraints : [];
  const values = recorded.map(runtimeValue);
  const prefix = options.each ? 'each value in ' : '';
  const fallbackTemplate = spec.eachAt === 'property' ? spec.message.replace('$property', `${prefix}$property`) : prefix + spec.message;
  const templates = options.message !== undefined ? [options.message] : spec.key === 'isLength' ? lengthMessages.map((m) => prefix + m) : [fallbackTemplate];
  if (spec.dateBound) {
    if (/\$(value|target)/.test(templates[0]!)) return 'its message names `$value` or `$target`, known only at run time';
    return { key: spec.key, check: spec.check, constraints: recorded, each: options.each, messages: templates, renderAtLoad: true };
  }
  const messages: string[] = [];
  for (const template of templates) {
    const message = renderMessage(template, values, property);
    if (message === undefined) return 'its message names `$value` or `$target`, known only at run time';
    messages.push(message);
  }
  return {
    key: spec.key, check: spec.check, constraints: recorded, each: options.each, messages,
    ...(spec.passesUnrecorded ? { args: constraints } : {}), ...(spec.module ? { module: spec.module } : {}),
  };
}

function planEnum(spec: RuleSpec, rule: ValidatorRuleIR, options: { each: boolean; message?: string }): RulePlan | string {
  const entity = rule.args[0];
  if (entity?.kind !== 'enum') return 'its argument is not an enum declaration the compiler can follow';
  if (!entity.ref.exported) return `enum ${entity.ref.name} is not exported, and the generated tables must import it`;
  if (options.message !== undefined && /\$(value|target)/.test(options.message)) return 'its message names `$value` or `$target`, known only at run time';
  const template = options.message ?? `${options.each ? 'each value in ' : ''}${spec.message}`;
  return { key: spec.key, check: spec.check, constraints: [entity], each: options.each, messages: [template], enumRef: entity.ref };
}

/**
 * FW1702 for each rule that contradicts the member's declared type (`@IsString() priority: number`):
 * every value of the declared type fails it. A rule with `each: true` is judged against the element type.
 */
export function typeContradictions(dto: DtoIR): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const member of dto.members) {
    const declared = member.declaredType;
    if (!declared) continue;
    for (const rule of member.rules) {
      const domain = ruleCatalogue.get(rule.name)?.domain;
      if (!domain) continue;
      const options = optionsOf(rule);
      const each = typeof options !== 'string' && options.each && declared.array;
      const judged = each ? declared.base : declared.array ? 'array' : declared.base;
      if (judged === domain) continue;
      const fits = declared.array && !each && domain !== 'array'
        ? `@${rule.name}(…, { each: true }) to check each element`
        : each ? `${fittingDecorator[judged].slice(0, -1)}{ each: true })` : fittingDecorator[judged];
      const what = each ? `each element for a${domain === 'array' ? 'n' : ''} ${domain}` : `for a${domain === 'array' ? 'n' : ''} ${domain}`;
      const type = each ? declared.base : declared.text;
      out.push(diagnostic('FW1702', rule.location, { decorator: `@${rule.name}`, member: member.name, dto: dto.ref.name, declared: declared.text, type, what, fits }));
    }
  }
  return out;
}
