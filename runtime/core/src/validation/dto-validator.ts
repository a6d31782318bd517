import { validate, type ValidationError } from 'class-validator';
import { NotValidBodyException, type ValidationReason } from '../exceptions/request-exceptions.js';
import type { DtoEntry } from '../contract/tables.js';
import { isPlainObject, newInstance, notAnObject, refuseForbiddenKey } from './compiled/instance.js';
import { isChecked, mergeShapeProblems, nestedShapeRules, type NestedShapeRule, type ShapeProblem } from './nested-shape.js';
import { rulesOf, validationMetadataOf, type MemberRules } from './rule-catalogue.js';
import { cappedReasons, DEFAULT_MAX_REASONS } from './reason-cap.js';

interface PreparedNested {
  readonly dto: PreparedDto;
  /** The member is an array of the DTO. */
  readonly each: boolean;
  /** Set when the member carries `@ValidateNested()`: its shape is then checked. */
  readonly shape: NestedShapeRule | undefined;
}

interface PreparedDto {
  readonly entry: DtoEntry;
  readonly rules: ReadonlyMap<string, MemberRules>;
  readonly memberOrder: ReadonlyMap<string, number>;
  readonly nested: ReadonlyMap<string, PreparedNested>;
}

function prepare(entry: DtoEntry): PreparedDto {
  const metadata = validationMetadataOf(entry.dto);
  const shapes = nestedShapeRules(metadata);
  return {
    entry,
    rules: rulesOf(metadata),
    memberOrder: new Map(entry.members.map((member, index) => [member, index])),
    nested: new Map(Object.entries(entry.nested ?? {}).map(([member, n]) => [member, { dto: prepare(n.dto), each: n.each, shape: shapes.get(member) }])),
  };
}

/**
 * Plain JSON → an instance of the DTO (nested DTO members too), which class-validator needs: made
 * by the class (`newInstance`, so initialisers are defaults), then given the JSON's members.
 * A `@ValidateNested()` member whose value is not the declared object (or array of objects) is
 * left as is and recorded in `problems`, at `path`.
 */
function hydrate(prepared: PreparedDto, value: Record<string, unknown>, path: readonly string[], problems: ShapeProblem[]): object {
  const instance = newInstance(prepared.entry.dto);
  for (const key of Object.keys(value)) {
    // class-validator finds the rules through `instance.constructor`: such a key would skip them.
    refuseForbiddenKey(key);
    Object.defineProperty(instance, key, { value: value[key], writable: true, enumerable: true, configurable: true });
  }
  for (const [member, nested] of prepared.nested) {
    const raw = instance[member];
    if (nested.each ? Array.isArray(raw) && raw.every(isPlainObject) : isPlainObject(raw)) {
      instance[member] = nested.each
        ? (raw as Record<string, unknown>[]).map((item, index) => hydrate(nested.dto, item, [...path, member, String(index)], problems))
        : hydrate(nested.dto, raw as Record<string, unknown>, [...path, member], problems);
    } else if (nested.shape && isChecked(nested.shape, instance, raw)) {
      problems.push({ path, member, each: nested.each });
    }
  }
  return instance;
}

function reasonsOf(prepared: PreparedDto | undefined, errors: readonly ValidationError[], prefix: string): ValidationReason[] {
  const ordered = prepared
    ? [...errors].sort((a, b) => (prepared.memberOrder.get(a.property) ?? 1e9) - (prepared.memberOrder.get(b.property) ?? 1e9))
    : errors;
  const reasons: ValidationReason[] = [];
  for (const error of ordered) {
    const path = prefix + error.property;
    const rules = prepared?.rules.get(error.property);
    const failed = Object.entries(error.constraints ?? {});
    if (rules) failed.sort(([a], [b]) => ruleIndex(rules, a) - ruleIndex(rules, b));
    for (const [rule, message] of failed) {
      reasons.push({ property: path, errorMessage: message, constraints: rules?.get(rule) ?? [] });
    }
    if (error.children?.length) {
      reasons.push(...childReasons(prepared?.nested.get(error.property), error.children, `${path}.`));
    }
  }
  return reasons;
}

// For arrays class-validator adds a level whose `property` is the index: it goes into the path.
function childReasons(nested: PreparedNested | undefined, children: readonly ValidationError[], prefix: string): ValidationReason[] {
  if (!nested?.each) return reasonsOf(nested?.dto, children, prefix);
  const elements = [...children].sort((a, b) => Number(a.property) - Number(b.property));
  return elements.flatMap((element) => reasonsOf(nested.dto, element.children ?? [], `${prefix}${element.property}.`));
}

const capped = (reasons: readonly ValidationReason[], limit: number): ValidationReason[] => cappedReasons(reasons.length, (i) => reasons[i]!, limit);

function ruleIndex(rules: MemberRules, rule: string): number {
  let index = 0;
  for (const name of rules.keys()) {
    if (name === rule) return index;
    index++;
  }
  return index;
}

/**
 * Validates parsed JSON against a DTO class with class-validator. Members without decorators are
 * stripped (`whitelist`), so handlers only see what the DTO declares. A `@ValidateNested()`
 * member must hold an object (an array of objects when declared as an array), unless
 * `@IsOptional()` or `@ValidateIf` lets it go; otherwise the reason is `address must be an
 * object` / `items must be an array of objects`.
 *
 * @example
 * const validator = new DtoValidator({ dto: CreateTodoDto, members: ['name', 'priority', 'colorLabel'] });
 * const dto = await validator.validate(JSON.parse(text)); // throws NotValidBodyException
 */
export class DtoValidator {
  private readonly prepared: PreparedDto;

  constructor(
    entry: DtoEntry,
    /** class-validator checks everything; the answer lists this many reasons at most. */
    private readonly maxReasons = DEFAULT_MAX_REASONS,
  ) {
    this.prepared = prepare(entry);
  }

  async validate(value: unknown): Promise<object> {
    if (!isPlainObject(value)) throw notAnObject(this.prepared.entry, value);
    const reasons: ValidationReason[] = [];
    const instance = await this.check(value, reasons);
    if (reasons.length > 0) throw new NotValidBodyException(capped(reasons, this.maxReasons));
    return instance;
  }

  /** The instance of one JSON object, every failed rule pushed to `reasons` (uncapped): an array body's element. */
  async check(value: Record<string, unknown>, reasons: ValidationReason[]): Promise<object> {
    const problems: ShapeProblem[] = [];
    const instance = hydrate(this.prepared, value, [], problems);
    // forbidUnknownValues stays off: it would refuse bodies of a DTO without rules; wrong nested
    // shapes, which it would catch, are `problems` already.
    const errors = await validate(instance, { whitelist: true, forbidUnknownValues: false });
    if (problems.length > 0) mergeShapeProblems(errors, problems);
    if (errors.length > 0) reasons.push(...reasonsOf(this.prepared, errors, ''));
    return instance;
  }
}
