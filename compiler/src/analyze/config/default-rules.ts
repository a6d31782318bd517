import type { RuleValue, ValidatorRuleIR } from '../../ir/index.js';

/**
 * The common rules of a configuration schema as plain predicates over a static value, with
 * class-validator's semantics (`min` wants a number, `minLength` a string, …). A rule not listed
 * here, or given options, is not judged: the default is then taken as valid.
 */
const RULES: Readonly<Record<string, (value: RuleValue, arg: RuleValue) => boolean>> = {
  IsString: (v) => typeof v === 'string',
  IsInt: (v) => typeof v === 'number' && Number.isInteger(v),
  IsNumber: (v) => typeof v === 'number' && Number.isFinite(v),
  IsBoolean: (v) => typeof v === 'boolean',
  IsNotEmpty: (v) => v !== '' && v !== null && v !== undefined,
  IsIn: (v, values) => Array.isArray(values) && values.some((allowed) => allowed === v),
  Min: (v, bound) => typeof v === 'number' && typeof bound === 'number' && v >= bound,
  Max: (v, bound) => typeof v === 'number' && typeof bound === 'number' && v <= bound,
  MinLength: (v, bound) => typeof v === 'string' && typeof bound === 'number' && [...v].length >= bound,
  MaxLength: (v, bound) => typeof v === 'string' && typeof bound === 'number' && [...v].length <= bound,
  IsPositive: (v) => typeof v === 'number' && v > 0,
  IsNegative: (v) => typeof v === 'number' && v < 0,
};

/** How many arguments each rule takes before its options (an options object is not judged). */
const ARITY: Readonly<Record<string, number>> = { IsIn: 1, Min: 1, Max: 1, MinLength: 1, MaxLength: 1 };

/**
 * The first rule of a member that refuses a default value, if the compiler can tell.
 *
 * @example
 * refusingRule("3000", [IsInt, Min(0)]) // the @IsInt() rule
 */
export function refusingRule(value: RuleValue, rules: readonly ValidatorRuleIR[]): ValidatorRuleIR | undefined {
  return rules.find((rule) => {
    const check = RULES[rule.name];
    const arity = ARITY[rule.name] ?? 0;
    if (!check || rule.args.length !== arity) return false;
    const arg = rule.args[0];
    if (arity === 1 && arg?.kind !== 'value') return false;
    return !check(value, arity === 1 && arg?.kind === 'value' ? arg.value : undefined);
  });
}

/** The rules that make ConfigModule convert a variable's text to a number (the runtime's list). */
export const NUMBER_RULES: ReadonlySet<string> = new Set(['IsInt', 'IsNumber', 'Min', 'Max', 'IsPositive', 'IsNegative', 'IsDivisibleBy']);
