import { ValidationError, ValidationTypes } from 'class-validator';
import type { DtoMetadata } from './rule-catalogue.js';

/** A `@ValidateIf` / `@IsOptional` condition, as class-validator stores it. */
type Condition = (object: object, value: unknown) => boolean;

/** How a `@ValidateNested()` member of a DTO is checked for shape. */
export interface NestedShapeRule {
  /** `@ValidateIf` / `@IsOptional` conditions: when one is false, class-validator skips the member, and so do we. */
  readonly conditions: readonly Condition[];
}

/**
 * The members of a DTO that carry `@ValidateNested()`, with their conditions, from its metadata
 * (`validationMetadataOf`); read once, at init.
 *
 * class-validator checks a nested member only when its value is an object or an array, and then
 * finds no rules for a plain value it was not given as a DTO instance: a string, a missing
 * member, or an array where one object is declared would pass (with `whitelist`, emptied) and
 * reach the handler. So the validator checks their shape itself.
 *
 * @example
 * nestedShapeRules(validationMetadataOf(OrderDto)); // Map { 'address' => { conditions: [] }, 'items' => { conditions: [] } }
 */
export function nestedShapeRules(metadata: DtoMetadata): ReadonlyMap<string, NestedShapeRule> {
  const rules = new Map<string, NestedShapeRule>();
  for (const meta of metadata) {
    if (meta.type !== ValidationTypes.NESTED_VALIDATION) continue;
    const conditions = metadata
      .filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.propertyName === meta.propertyName)
      .map((m) => m.constraints[0] as Condition);
    rules.set(meta.propertyName, { conditions });
  }
  return rules;
}

/** Whether class-validator would validate the member at all (every condition holds). */
export function isChecked(rule: NestedShapeRule, object: object, value: unknown): boolean {
  return rule.conditions.every((condition) => condition(object, value));
}

/** A nested member whose value has the wrong shape, at `path` (member names and array indices) below the body. */
export interface ShapeProblem {
  readonly path: readonly string[];
  readonly member: string;
  readonly each: boolean;
}

/** The reason's message: class-validator style, naming the member. */
export function shapeMessage(problem: ShapeProblem): string {
  return problem.each ? `${problem.member} must be an array of objects` : `${problem.member} must be an object`;
}

/**
 * Puts each problem into class-validator's error tree where class-validator would have reported
 * the member (under its parents, array elements by index), in place of what it said about it: a
 * wrong shape makes its other findings on the member (`nested property … must be either object
 * or array`, a whitelisted-away array) meaningless.
 */
export function mergeShapeProblems(errors: ValidationError[], problems: readonly ShapeProblem[]): ValidationError[] {
  for (const problem of problems) {
    let level = errors;
    for (const property of problem.path) {
      let node = level.find((error) => error.property === property);
      if (!node) level.push((node = errorOf(property)));
      level = node.children ??= [];
    }
    const existing = level.findIndex((error) => error.property === problem.member);
    const error = errorOf(problem.member, { nestedShape: shapeMessage(problem) });
    if (existing === -1) level.push(error);
    else level[existing] = error;
  }
  return errors;
}

function errorOf(property: string, constraints?: Record<string, string>): ValidationError {
  return Object.assign(new ValidationError(), { property, children: [], ...(constraints ? { constraints } : {}) });
}
