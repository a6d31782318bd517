import { MalformedBodyException } from '../../exceptions/request-exceptions.js';
import type { DtoEntry } from '../../contract/tables.js';

// Keys that would change the instance's prototype or hide its class: refused in every body.
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a key is one no body may carry. All three are 9 or 11 characters: most keys never reach the set. */
function isForbiddenKey(key: string): boolean {
  return (key.length === 9 || key.length === 11) && forbiddenKeys.has(key);
}

/** Throws the 400 for a key no body may carry (it would reach the prototype). */
export function refuseForbiddenKey(key: string): void {
  if (isForbiddenKey(key)) throw new MalformedBodyException(`Request body must not contain the member '${key}'`);
}

/** A JSON object, not an array or null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The 400 for a body that is not a JSON object, whichever validator runs. */
export function notAnObject(entry: DtoEntry, value: unknown): MalformedBodyException {
  return new MalformedBodyException(`Request body must be a JSON object matching ${entry.dto.name}, got ${jsonKindOf(value)}`);
}

/** What a JSON value is, for messages: `an array`, `an object`, `null`, `string`, `number`, `boolean`. */
export function jsonKindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** An array whose every element is a JSON object: what a member typed `Item[]` must hold. */
export function isArrayOfObjects(value: unknown): value is Record<string, unknown>[] {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!isPlainObject(value[i])) return false;
  return true;
}

/**
 * A new instance of a DTO class, made by the class without arguments, as class-transformer makes
 * one for NestJS's `ValidationPipe`: a member's initialiser (`page: number = 1`) is its default,
 * which the request's members then replace.
 *
 * @example
 * const instance = newInstance(PageQueryDto); // { page: 1 }
 */
export function newInstance(dto: DtoEntry['dto']): Record<string, unknown> {
  return new (dto as unknown as new () => Record<string, unknown>)();
}

/**
 * An instance of the DTO holding every member of `value` (nested DTO members hydrated too), for a
 * nested DTO that is not validated (no `@ValidateNested()`, or its condition is false): nothing is
 * stripped there, as class-validator strips only what it validates.
 */
export function hydrated(entry: DtoEntry, value: Record<string, unknown>): Record<string, unknown> {
  const instance = newInstance(entry.dto);
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
