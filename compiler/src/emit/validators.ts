import type { ConditionPlan, MemberPlan, RulePlan } from '../analyze/validation/plan.js';
import { planOf, type ValidationPlans } from '../analyze/validation/validation-plans.js';
import type { DtoIR, RuleArgIR, RuleValue, ValueRef } from '../ir/index.js';
import type { Imports } from './imports.js';
import { key, member, quote, stringArray } from './literals.js';

/** Keys no body may carry (`refuseForbiddenKey` refuses them at run time). */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The DTOs of a tables file, each emitted once as a module-level `DtoEntry` constant and, when its
 * rules compile (its plan, made by analysis), a validator function of straight-line checks: the instance is built
 * with the declared members only, each rule is one call of a `@framework/core/validation` check,
 * and every message is a string written at build time. Nested DTOs come before the DTOs using them.
 *
 * @example
 * const dtos = new DtoEntries(imports, model.validation);
 * const name = dtos.entry(route.body); // '$CreateTodoDto', used as `body: $CreateTodoDto`
 * dtos.render() // the constants and functions, placed above `export const tables`
 */
export class DtoEntries {
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly blocks: string[] = [];
  private constants = 0;

  constructor(
    private readonly imports: Imports,
    private readonly plans: ValidationPlans,
  ) {}

  /** The constant holding the DTO's entry, emitting it (and its nested DTOs) the first time. */
  entry(dto: DtoIR): string {
    const signature = signatureOf(dto);
    const existing = this.names.get(signature);
    if (existing) return existing;
    const nested = dto.members.filter((m) => m.nested).map((m) => [m.name, this.entry(m.nested!.dto), m.nested!.each] as const);
    let name = `$${dto.ref.name.replace(/[^A-Za-z0-9_$]/g, '_')}`;
    for (let n = 2; this.taken.has(name); n++) name = `$${dto.ref.name}_${n}`;
    this.taken.add(name);
    this.names.set(signature, name);
    const plan = planOf(this.plans, dto);
    const fields = [`dto: ${this.imports.value(dto.ref)}`, `members: ${stringArray(dto.members.map((m) => m.name))}`];
    if (nested.length > 0) fields.push(`nested: { ${nested.map(([m, entry, each]) => `${key(m)}: { dto: ${entry}, each: ${each} }`).join(', ')} }`);
    if (plan.kind === 'compiled') {
      const fn = `${name.replace('$', '$validate')}`;
      this.blocks.push(this.validator(fn, dto, plan.members));
      fields.push(`validate: ${fn}`);
    }
    this.blocks.push(`const ${name}: ${this.imports.coreType('DtoEntry')} = { ${fields.join(', ')} };`);
    return name;
  }

  /** The declarations, in dependency order. */
  render(): string {
    return this.blocks.join('\n\n');
  }

  private v(name: string): string {
    return this.imports.validation(name);
  }

  private constant(type: string, init: string): string {
    const name = `$k${this.constants++}`;
    this.blocks.push(`const ${name}: ${type} = ${init};`);
    return name;
  }

  private validator(fn: string, dto: DtoIR, members: readonly MemberPlan[]): string {
    const reason = this.imports.validation('ValidationReason');
    const lines = [
      `/** ${dto.ref.name}'s rules, compiled (the same answers as class-validator, proven by the differential test). */`,
      `function ${fn}(value: Record<string, unknown>, path: string, reasons: ${reason}[]): object {`,
      ...this.whitelisted(dto, members).map((line) => `  ${line}`),
      '  let $v: unknown;',
      ...members.flatMap((m) => this.member(m).map((line) => `  ${line}`)),
      '  return $o;',
      '}',
    ];
    return lines.join('\n');
  }

  /**
   * The instance: made by the class, so that member initialisers are the defaults (as
   * class-transformer's `new Dto()` makes them for NestJS), then the body's members the DTO
   * declares, in the body's order, every other key checked against the forbidden ones. One `case`
   * per member makes named stores, where a generic loop's keyed ones measured three times slower.
   * A member named like a forbidden key gets no case, so it is refused as every such key is.
   */
  private whitelisted(dto: DtoIR, members: readonly MemberPlan[]): string[] {
    const cases = members
      .filter((m) => !FORBIDDEN_KEYS.has(m.name))
      .map((m) => `    case ${quote(m.name)}: $o[${quote(m.name)}] = value[${quote(m.name)}]; break;`);
    return [
      `const $o = new (${this.imports.value(dto.ref)} as unknown as new () => Record<string, unknown>)();`,
      'const $keys = Object.keys(value);',
      'for (let $i = 0; $i < $keys.length; $i++) {',
      '  switch ($keys[$i]) {',
      ...cases,
      `    default: ${this.v('refuseForbiddenKey')}($keys[$i]!);`,
      '  }',
      '}',
    ];
  }

  private member(m: MemberPlan): string[] {
    const at = `$o${member(m.name)}`;
    const conditions = m.conditions.map((c) => this.condition(c));
    const rules = m.rules.map((r) => this.rule(r, m.name));
    const lines = [`$v = ${at};`];
    const guarded = (body: string[]): string[] => (conditions.length === 0 ? body : [`if (${conditions.join(' && ')}) {`, ...body.map((l) => `  ${l}`), '}']);
    if (!m.nested) return rules.length === 0 ? [] : [...lines, ...guarded(rules)];
    const { dto, each, validated } = m.nested;
    const shape = this.v(each ? 'isArrayOfObjects' : 'isPlainObject');
    const entry = this.entry(dto);
    const hydrate = (): string[] => each
      ? [`if (${shape}($v)) for (let $i = 0; $i < $v.length; $i++) $v[$i] = ${this.v('hydrated')}(${entry}, $v[$i]!);`]
      : [`if (${shape}($v)) ${at} = ${this.v('hydrated')}(${entry}, $v);`];
    if (!validated) return [...lines, ...guarded(rules), ...hydrate()];
    const validate = `${entry}.validate!`;
    const children = each
      ? [`for (let $i = 0; $i < $v.length; $i++) $v[$i] = ${validate}($v[$i]!, path + ${quote(`${m.name}.`)} + $i + '.', reasons) as Record<string, unknown>;`]
      : [`${at} = ${validate}($v, path + ${quote(`${m.name}.`)}, reasons);`];
    const message = each ? `${m.name} must be an array of objects` : `${m.name} must be an object`;
    const checked = [
      `if (${shape}($v)) {`,
      ...[...rules, ...children].map((l) => `  ${l}`),
      `} else {`,
      `  reasons.push({ property: path + ${quote(m.name)}, errorMessage: ${quote(message)}, constraints: ${this.none()} });`,
      '}',
    ];
    if (conditions.length === 0) return [...lines, ...checked];
    const wrapped = [...lines, `if (${conditions.join(' && ')}) {`, ...checked.map((l) => `  ${l}`)];
    // Under `@IsOptional()` alone, the other branch holds only null or undefined: nothing to hydrate
    // (and tsc narrows $v to `never` there).
    if (m.conditions.every((c) => c.kind === 'optional')) return [...wrapped, '}'];
    return [...lines, `if (${conditions.join(' && ')}) {`, ...checked.map((l) => `  ${l}`), '} else {', ...hydrate().map((l) => `  ${l}`), '}'];
  }

  private condition(c: ConditionPlan): string {
    if (c.kind === 'optional') return '$v !== null && $v !== undefined';
    // The condition is the user's arrow, copied: it names nothing but its parameters.
    return `${this.constant('(object: any, value: any) => boolean', c.text)}($o, $v)`;
  }

  private none(): string {
    this.noneName ??= this.constant('readonly unknown[]', '[]');
    return this.noneName;
  }
  private noneName: string | undefined;

  private rule(r: RulePlan, name: string): string {
    if (r.enumRef) return this.enumRule(r, r.enumRef, name);
    const constraints = r.constraints.length === 0 ? this.none() : this.constant('unknown[]', `[${r.constraints.map(literal).join(', ')}]`);
    const passed = r.args ? this.constant('unknown[]', `[${r.args.map(literal).join(', ')}]`) : constraints;
    const args = (r.args ?? r.constraints).map((_, i) => `, ${passed}[${i}]`).join('');
    const check = this.imports.validation(r.check, r.module);
    const passes = r.each
      ? `${this.v('eachOrOne')}($v, ${args === '' ? check : this.constant('(item: unknown) => boolean', `($x) => ${check}($x${args})`)})`
      : `${check}($v${args})`;
    const message = r.renderAtLoad
      ? this.constant('string', `${this.v('renderedMessage')}(${quote(r.messages[0]!)}, ${constraints}, ${quote(name)})`)
      : r.messages.length === 1
      ? quote(r.messages[0]!)
      : `${this.constant('readonly string[]', `[${r.messages.map(quote).join(', ')}]`)}[${this.v('lengthMessageIndex')}($v${args})]`;
    return this.push(passes, name, message, constraints);
  }

  /** `@IsEnum(E)`: its members, constraints and message are made once, when the tables load. */
  private enumRule(r: RulePlan, ref: ValueRef, name: string): string {
    const entity = this.imports.value(ref);
    const members = this.constant('readonly unknown[]', `${this.v('enumMembers')}(${entity})`);
    const constraints = this.constant('unknown[]', `[${entity}, ${this.v('validEnumValues')}(${entity})]`);
    const message = this.constant('string', `${this.v('renderedMessage')}(${quote(r.messages[0]!)}, ${constraints}, ${quote(name)})`);
    const check = this.v('isEnumMember');
    const passes = r.each
      ? `${this.v('eachOrOne')}($v, ${this.constant('(item: unknown) => boolean', `($x) => ${check}($x, ${members})`)})`
      : `${check}($v, ${members})`;
    return this.push(passes, name, message, constraints);
  }

  private push(passes: string, name: string, message: string, constraints: string): string {
    return `if (!${passes}) reasons.push({ property: path + ${quote(name)}, errorMessage: ${message}, constraints: ${constraints} });`;
  }
}

/** What makes two emitted entries the same: the class and the nesting below it. */
function signatureOf(dto: DtoIR): string {
  return `${dto.ref.key}(${dto.members.filter((m) => m.nested).map((m) => `${m.name}:${signatureOf(m.nested!.dto)}`).join(',')})`;
}

/** A rule argument as a TypeScript expression. */
function literal(arg: RuleArgIR): string {
  if (arg.kind === 'value') return valueLiteral(arg.value);
  return arg.text;
}

function valueLiteral(value: RuleValue): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(valueLiteral).join(', ')}]`;
  const entries = Object.entries(value as Record<string, RuleValue>).map(([k, v]) => `${key(k)}: ${valueLiteral(v)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}
