import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ConfigSchemaIR, DtoIR, DtoMemberIR, ProgramIR } from '../../ir/index.js';
import type { ModuleGraph } from '../module-graph.js';
import { planDto, type DtoPlan, type MemberPlan } from '../validation/plan.js';
import { NUMBER_RULES } from './default-rules.js';

/** What a member's text converts to before its rules run (ConfigModule's rule, by the member's rules). */
export type Conversion = 'number' | 'boolean' | 'string';

/** One member ConfigModule reads: what its text converts to, whether it may be unset, its type rules' messages. */
export interface ConfigMemberModel {
  readonly name: string;
  readonly conversion: Conversion;
  /** `@IsOptional()` or `@ValidateIf()`: never reported missing (class-validator's conditional validation). */
  readonly optional: boolean;
  /** The messages of its `@IsInt`, `@IsNumber`, `@IsBoolean`, `@IsString`, in that order: one failed is the member's only problem. */
  readonly typeMessages: readonly string[];
}

/** An environment schema class given to `ConfigModule.forRoot` or `loadConfig`, and how the tables validate it. */
export interface ConfigSchemaModel {
  readonly schema: ConfigSchemaIR;
  /** Its rules compiled, or why it stays on class-validator (FW2314). */
  readonly plan: DtoPlan;
  /**
   * The members ConfigModule reads (those with a decorator), in class-validator's order: the class's
   * own in source order, then the inherited ones, the farthest base's first; empty when not compiled.
   */
  readonly members: readonly ConfigMemberModel[];
}

/** class-validator's keys of the type rules, in the order its answer is read (`classValidatorProblems` at run time). */
const TYPE_RULE_KEYS = ['isInt', 'isNumber', 'isBoolean', 'isString'];

/**
 * Plans the validation of every schema class the application's modules give to
 * `ConfigModule.forRoot`, and of those the sources give to `loadConfig`, once each: compiled like
 * a body DTO (`planDto`), with what ConfigModule needs besides (each member's conversion,
 * optionality and type-rule messages).
 *
 * @example
 * planConfigSchemas(ir, graph)[0].members[0] // { name: 'PORT', conversion: 'number', optional: false, typeMessages: ['PORT must be an integer number'] }
 */
export function planConfigSchemas(ir: ProgramIR, graph: ModuleGraph): ConfigSchemaModel[] {
  const schemas = new Map<string, ConfigSchemaIR>();
  const add = (schema: ConfigSchemaIR): void => {
    if (!schemas.has(schema.dto.ref.key)) schemas.set(schema.dto.ref.key, schema);
  };
  for (const module of graph.order) for (const dynamic of module.dynamicModules) if (dynamic.config) add(dynamic.config);
  for (const schema of ir.configLoads ?? []) add(schema);
  return [...schemas.values()].map((schema) => {
    const plan = planOf(schema.dto);
    return { schema, plan, members: plan.kind === 'compiled' ? membersOf(schema.dto, plan.members) : [] };
  });
}

/**
 * FW2314 for each schema left to class-validator, naming the first thing the compiler cannot compile
 * (at the schema's argument when that thing is in type declarations).
 *
 * @example
 * configFallbacks(planConfigSchemas(ir, graph)) // [FW2314 at @Validate on member 'REGION' of EnvSchema]
 */
export function configFallbacks(schemas: readonly ConfigSchemaModel[]): Diagnostic[] {
  return schemas.flatMap(({ schema, plan }) => {
    if (plan.kind === 'compiled') return [];
    const { dto, subject, why, location } = plan.fallback;
    // A class of type declarations (a package's) is said where the sources give it, not in its .d.ts.
    const at = /\.d\.[cm]?ts$/.test(location.file) ? schema.location : location;
    return [diagnostic('FW2314', at, { schema: dto, subject, why })];
  });
}

/** `planDto`, and a class the tables cannot import (not exported) stays on class-validator too. */
function planOf(dto: DtoIR): DtoPlan {
  if (dto.ref.exported) return planDto(dto);
  return { kind: 'fallback', dto, fallback: { dto: dto.ref.name, subject: 'the class', why: 'it is not exported, and the generated tables must import it', location: dto.location, nested: false } };
}

function membersOf(dto: DtoIR, plans: readonly MemberPlan[]): ConfigMemberModel[] {
  return classValidatorOrder(dto.members).flatMap((member) => {
    // class-validator knows only decorated members: ConfigModule reads no other (FW2304).
    if (member.validators.length === 0) return [];
    const names = member.validators;
    const conversion: Conversion = names.includes('IsBoolean') ? 'boolean' : names.some((n) => NUMBER_RULES.has(n)) ? 'number' : 'string';
    const rules = plans.find((p) => p.name === member.name)?.rules ?? [];
    const typeMessages = TYPE_RULE_KEYS.flatMap((key) => rules.filter((r) => r.key === key).map((r) => r.messages[0]!));
    return [{ name: member.name, conversion, optional: names.includes('IsOptional') || names.includes('ValidateIf'), typeMessages }];
  });
}

/**
 * Members in the order class-validator reads a class's metadata: the class's own first, then each
 * base's, the farthest first (its registry lists classes as they were defined, a base before the
 * classes that extend it). Source order within a class. The problems and the missing variables
 * are said in this order, as class-validator says them.
 */
function classValidatorOrder(members: readonly DtoMemberIR[]): DtoMemberIR[] {
  const own = (member: DtoMemberIR): number => (member.inherited === undefined ? 0 : 1);
  return [...members].sort((a, b) => own(a) - own(b) || (b.inherited ?? 0) - (a.inherited ?? 0));
}
