import type { MemberPlan, RulePlan } from '../../analyze/validation/plan.js';
import { planOf, type ValidationPlans } from '../../analyze/validation/validation-plans.js';
import type { JsonSchema, JsonValue } from '../../ir/api.js';
import type { DtoIR, DtoMemberIR, RuleArgIR } from '../../ir/index.js';
import { Components } from './components.js';
import { formatSchema } from './format-schema.js';

/**
 * The JSON Schema of a DTO, derived from the same validation plan the compiled validator is
 * emitted from (made by analysis), so the document states exactly what the server checks: each rule is
 * one schema fragment (`@MaxLength(200)` → `maxLength: 200`, `@IsHexColor()` → its pattern), a
 * member is required unless `@IsOptional()` (which also lets `null` through) or `@ValidateIf`
 * makes it conditional or an initialiser fills it (`limit = 20`, a literal also being the member's
 * `default`), nested DTOs are `$ref` components. Unknown members are not refused (the
 * server strips them), so objects stay open. A DTO left to class-validator is described, not schematised.
 *
 * @example
 * dtoSchemaRef(components, model.validation, createTodoDto) // { $ref: '#/components/schemas/CreateTodoDto' }
 */
export function dtoSchemaRef(components: Components, plans: ValidationPlans, dto: DtoIR): JsonSchema {
  return components.define(dto.ref.name, `dto:${dto.ref.key}`, () => dtoSchema(components, plans, dto));
}

function dtoSchema(components: Components, plans: ValidationPlans, dto: DtoIR): JsonSchema {
  const plan = planOf(plans, dto);
  const description: JsonSchema = dto.doc ? { description: dto.doc } : {};
  if (plan.kind === 'fallback') {
    const why = `Validated by class-validator at run time (${plan.fallback.subject}: ${plan.fallback.why}).`;
    return { type: 'object', description: dto.doc ? `${dto.doc}\n\n${why}` : why };
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const member of plan.members) {
    const declared = dto.members.find((m) => m.name === member.name);
    const schema = memberSchema(components, plans, member);
    properties[member.name] = { ...schema, ...(declared?.doc ? { description: declared.doc } : {}), ...defaultOf(declared) };
    if (isRequired(member, declared)) required.push(member.name);
  }
  return { type: 'object', ...description, properties, ...(required.length > 0 ? { required } : {}) };
}

/** Rules that `undefined` passes: a member with only these may be left out. */
const PASSES_UNDEFINED = new Set(['isEmpty', 'notEquals', 'isNotIn']);

/**
 * Whether a request (a body, or the query of a `@Query()` class) must carry the member: not when a
 * condition lets it go (`@IsOptional()`, `@ValidateIf`), when only rules `undefined` passes check
 * it, or when an initialiser fills it (the runtime makes the instance with `new Dto()` before it
 * copies the request's members). Answers are described from their types, not from here.
 *
 * @example
 * isRequired(limitPlan, { name: 'limit', initialiser: { value: 20 }, … }) // false
 */
export function isRequired(member: MemberPlan, declared: DtoMemberIR | undefined): boolean {
  if (member.conditions.length > 0 || declared?.initialiser) return false;
  if (member.nested?.validated) return true;
  return member.rules.some((r) => !PASSES_UNDEFINED.has(r.key));
}

/**
 * `{ default: value }` for a member initialised with a JSON literal (`limit = 20`), else nothing.
 *
 * @example
 * defaultOf({ name: 'limit', initialiser: { value: 20 }, … }) // { default: 20 }
 */
export function defaultOf(declared: DtoMemberIR | undefined): JsonSchema {
  const value = declared?.initialiser?.value;
  return value === undefined ? {} : { default: value };
}

/**
 * The schema of one member: its rules merged, `each` rules applied to the elements (or, as the
 * runtime's `eachOrOne` does, to a value that is not an array), null allowed by `@IsOptional()`.
 * `items`: the elements' schema of a member known to be an array (a query array's conversion),
 * which the `each` rules then narrow.
 */
export function memberSchema(components: Components, plans: ValidationPlans, member: MemberPlan, items?: JsonSchema): JsonSchema {
  const arrow = member.conditions.find((c) => c.kind === 'arrow');
  if (arrow) return { description: `Checked only when \`${arrow.text}\` holds.` };
  const own: JsonSchema[] = [];
  const each: JsonSchema[] = items ? [items] : [];
  for (const rule of member.rules) (rule.each ? each : own).push(ruleSchema(rule));
  if (member.nested) {
    const ref = dtoSchemaRef(components, plans, member.nested.dto);
    if (member.nested.validated) own.push(member.nested.each ? { type: 'array', items: ref } : ref);
  }
  if (each.length > 0) {
    const element = merge(each);
    const isArray = items !== undefined || own.some((s) => s.type === 'array');
    own.push(isArray ? { type: 'array', items: element } : { anyOf: [{ type: 'array', items: element }, element] });
  }
  const schema = merge(own);
  const optional = member.conditions.some((c) => c.kind === 'optional');
  return optional ? nullable(schema) : schema;
}

function nullable(schema: JsonSchema): JsonSchema {
  if (Object.keys(schema).length === 0) return schema;
  const simple = typeof schema.type === 'string' && !['enum', 'const', 'not', 'allOf', 'anyOf', '$ref'].some((k) => k in schema);
  return simple ? { ...schema, type: [schema.type as string, 'null'] } : { anyOf: [schema, { type: 'null' }] };
}

/**
 * Merges fragments into one object when their keywords agree (`number` and `integer` make
 * `integer`), else keeps them side by side under `allOf`.
 */
export function merge(fragments: readonly JsonSchema[]): JsonSchema {
  if (fragments.length === 1) return fragments[0]!;
  const out: Record<string, JsonValue> = {};
  for (const fragment of fragments) {
    for (const [key, value] of Object.entries(fragment)) {
      if (!(key in out) || same(out[key]!, value)) out[key] = value;
      else if (key === 'type' && [out[key], value].every((t) => t === 'number' || t === 'integer')) out[key] = 'integer';
      else if (key === 'allOf') out[key] = [...(out[key] as JsonValue[]), ...(value as JsonValue[])];
      else return { allOf: [...fragments] };
    }
  }
  return out;
}

const same = (a: JsonValue, b: JsonValue): boolean => JSON.stringify(a) === JSON.stringify(b);

const HEX_COLOR = '^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$';

function ruleSchema(rule: RulePlan): JsonSchema {
  const c = rule.constraints.map(constraintValue);
  const n = (i: number): number => (typeof c[i] === 'number' ? (c[i] as number) : 0);
  const list = (i: number): JsonValue[] => (Array.isArray(c[i]) ? (c[i] as JsonValue[]) : []);
  switch (rule.key) {
    case 'isString': return { type: 'string' };
    case 'isNumber': return { type: 'number' };
    case 'isInt': return { type: 'integer' };
    case 'isBoolean': return { type: 'boolean' };
    case 'isArray': return { type: 'array' };
    case 'isObject': return { type: 'object' };
    case 'isDefined': return { not: { type: 'null' } };
    case 'isNotEmpty': return { not: { enum: ['', null] } };
    case 'isEmpty': return { enum: ['', null] };
    case 'equals': return { const: c[0] ?? null };
    case 'notEquals': return { not: { const: c[0] ?? null } };
    case 'isIn': return { enum: list(0) };
    case 'isNotIn': return { not: { enum: list(0) } };
    case 'isEnum': {
      const values = rule.constraints[0]?.kind === 'enum' ? rule.constraints[0].values : undefined;
      return values ? { enum: [...values] } : { description: `One of the values of enum ${rule.enumRef?.name ?? ''}.` };
    }
    case 'min': return { type: 'number', minimum: n(0) };
    case 'max': return { type: 'number', maximum: n(0) };
    case 'isPositive': return { type: 'number', exclusiveMinimum: 0 };
    case 'isNegative': return { type: 'number', exclusiveMaximum: 0 };
    case 'isDivisibleBy': return { type: 'number', multipleOf: n(0) };
    case 'minLength': return { type: 'string', minLength: n(0) };
    case 'maxLength': return { type: 'string', maxLength: n(0) };
    case 'isLength': return { type: 'string', minLength: n(0), ...(typeof c[1] === 'number' ? { maxLength: c[1] } : {}) };
    case 'matches': return matchesSchema(rule.constraints[0], c[1]);
    case 'contains': return { type: 'string', pattern: escapeRegExp(String(c[0])) };
    case 'notContains': return { type: 'string', not: { pattern: escapeRegExp(String(c[0])) } };
    case 'isEmail': return { type: 'string', format: 'email' };
    case 'isUuid': return { type: 'string', format: 'uuid' };
    case 'isUrl': return { type: 'string', description: 'A URL.' };
    case 'isIso8601':
    case 'isDateString': return { type: 'string', description: 'An ISO 8601 date or date-time.' };
    case 'isHexColor': return { type: 'string', pattern: HEX_COLOR };
    case 'arrayMinSize': return { type: 'array', minItems: n(0) };
    case 'arrayMaxSize': return { type: 'array', maxItems: n(0) };
    case 'arrayNotEmpty': return { type: 'array', minItems: 1 };
    case 'arrayContains': return { type: 'array', allOf: list(0).map((v) => ({ contains: { const: v } })) };
    case 'arrayNotContains': return { type: 'array', items: { not: { enum: list(0) } } };
    // Not `uniqueItems`: class-validator compares with `===`, so equal objects count as distinct.
    case 'arrayUnique': return { type: 'array', description: 'No element twice (compared with `===`: objects and arrays never equal one another).' };
    case 'isNotEmptyObject': return isNotNullableOnly(c[0]) ? { type: 'object', description: 'At least one member neither null nor undefined.' } : { type: 'object', minProperties: 1 };
    default: return formatSchema(rule.key, c) ?? {};
  }
}

/** `@IsNotEmptyObject({ nullable: false })`: members holding null do not count. */
const isNotNullableOnly = (options: JsonValue | undefined): boolean =>
  typeof options === 'object' && options !== null && !Array.isArray(options) && (options as Record<string, JsonValue>).nullable === false;

function constraintValue(arg: RuleArgIR): JsonValue {
  if (arg.kind === 'value') return (arg.value ?? null) as JsonValue;
  if (arg.kind === 'enum') return arg.values ? [...arg.values] : null;
  return arg.text;
}

/** `@Matches(/re/flags)` or `@Matches('re', 'flags')`: a pattern when no flag changes what it matches. */
function matchesSchema(pattern: RuleArgIR | undefined, modifiers: JsonValue | undefined): JsonSchema {
  let source: string | undefined;
  let flags = typeof modifiers === 'string' ? modifiers : '';
  if (pattern?.kind === 'regexp') {
    const match = /^\/([\s\S]*)\/([a-z]*)$/.exec(pattern.text);
    source = match?.[1];
    flags = match?.[2] ?? '';
  } else if (pattern?.kind === 'value' && typeof pattern.value === 'string') source = pattern.value;
  if (source === undefined) return { type: 'string' };
  if (flags.replace(/[gu]/g, '') !== '') return { type: 'string', description: `Matches /${source}/${flags}.` };
  return { type: 'string', pattern: source };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
