/**
 * `@framework/core/validation`: what the validators `framework-build` compiles from DTOs call. Not
 * for hand-written code: the generated tables import it.
 *
 * @example
 * // generated/tables.ts (abridged)
 * import { isString, whitelisted } from '@framework/core/validation';
 * function validateCreateTodoDto(value, p, reasons) {
 *   const o = whitelisted(CreateTodoDto, value, members0);
 *   if (!isString(o.name)) reasons.push({ property: p + 'name', errorMessage: 'name must be a string', constraints: c0 });
 *   return o;
 * }
 */
export * from './compiled/checks.js';
export { eachOrOne, hydrated, isArrayOfObjects, isPlainObject, whitelisted, type CompiledValidate } from './compiled/instance.js';
export type { ValidationReason } from '../exceptions/request-exceptions.js';
export type { DtoEntry } from '../tables.js';
