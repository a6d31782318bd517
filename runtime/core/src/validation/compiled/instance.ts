import { MalformedBodyException, type ValidationReason } from '../../exceptions/request-exceptions.js';
import type { DtoEntry } from '../../tables.js';
import type { Class } from '../../types/class.js';

// Keys that would change the instance's prototype or hide its class: refused in every body.
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** Throws the 400 for a key no body may carry (it would reach the prototype). */
export function refuseForbiddenKey(key: string): void {
  if (forbiddenKeys.has(key)) throw new MalformedBodyException(`Request body must not contain the member '${key}'`);
}

/** A JSON object, not an array or null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array whose every element is a JSON object: what a member typed `Item[]` must hold. */
export function isArrayOfObjects(value: unknown): value is Record<string, unknown>[] {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!isPlainObject(value[i])) return false;
  return true;
}

/**
 * An instance of `dto` holding the members of `value` that `members` lists, in the body's order
 * (whitelisting); every key is checked against the forbidden ones first.
 *
 * @example
 * const o = whitelisted(CreateTodoDto, { name: 'x', extra: 1 }, new Set(['name'])); // CreateTodoDto { name: 'x' }
 */
export function whitelisted(dto: Class, value: Record<string, unknown>, members: ReadonlySet<string>): Record<string, unknown> {
  const instance = Object.create(dto.prototype) as Record<string, unknown>;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    refuseForbiddenKey(key);
    if (members.has(key)) instance[key] = value[key];
  }
  return instance;
}

/**
 * An instance of the DTO holding every member of `value` (nested DTO members hydrated too), for a
 * nested DTO that is not validated (no `@ValidateNested()`, or its condition is false): nothing is
 * stripped there, as class-validator strips only what it validates.
 */
export function hydrated(entry: DtoEntry, value: Record<string, unknown>): Record<string, unknown> {
  const instance = Object.create(entry.dto.prototype) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    refuseForbiddenKey(key);
    Object.defineProperty(instance, key, { value: value[key], writable: true, enumerable: true, configurable: true });
  }
  for (const [member, nested] of Object.entries(entry.nested ?? {})) {
    const raw = instance[member];
    if (nested.each ? isArrayOfObjects(raw) : isPlainObject(raw)) {
      instance[member] = nested.each
        ? (raw as Record<string, unknown>[]).map((item) => hydrated(nested.dto, item))
        : hydrated(nested.dto, raw as Record<string, unknown>);
    }
  }
  return instance;
}

/** Whether every element of an array passes the check, else whether the value does (class-validator's `each: true`). */
export function eachOrOne(value: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return check(value);
  for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
  return true;
}

/**
 * A compiled DTO validator, emitted by `framework-build` for each DTO whose rules it compiles: it
 * builds the instance (whitelisted, nested DTOs hydrated), pushes one reason per failed rule onto
 * `reasons` (paths start with `path`), and returns the instance. Throws `MalformedBodyException`
 * for a forbidden key.
 *
 * @example
 * const reasons: ValidationReason[] = [];
 * const dto = entry.validate!({ name: 1 }, '', reasons); // reasons: [{ property: 'name', errorMessage: 'name must be a string', constraints: [] }]
 */
export type CompiledValidate = (value: Record<string, unknown>, path: string, reasons: ValidationReason[]) => object;
