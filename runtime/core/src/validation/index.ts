/**
 * `@framework/core/validation`: what the validators `framework-build` compiles from DTOs call. Not
 * for hand-written code: the generated tables import it. The checks of the rarer formats live in
 * subpaths a generated file imports only when a DTO uses one, so their tables load with it:
 * `/codes` (`@IsISBN`, `@IsPostalCode`…), `/text` (`@IsBase58`, `@IsRgbColor`…), `/phone`
 * (`@IsPhoneNumber`, with libphonenumber-js).
 *
 * @example
 * // generated/tables.ts (abridged)
 * import { isString, refuseForbiddenKey } from '@framework/core/validation';
 * function validateCreateTodoDto(value, p, reasons) {
 *   const o = new CreateTodoDto(); // initialisers are defaults; then one `case` per member, `refuseForbiddenKey` for the rest
 *   if (!isString(o.name)) reasons.push({ property: p + 'name', errorMessage: 'name must be a string', constraints: c0 });
 *   return o;
 * }
 */
export * from './compiled/rule-checks.js';
export * from './compiled/string-format-checks.js';
export * from './compiled/date-checks.js';
export { eachOrOne, hydrated, isArrayOfObjects, isPlainObject, refuseForbiddenKey } from './compiled/instance.js';
export { arrayOf, type DtoArrayEntry } from './array-body.js';
export type { CompiledValidate } from '../contract/compiled-validate.js';
export type { ValidationReason } from '../exceptions/request-exceptions.js';
export type { BodyEntry, DtoEntry, SchemaEntry } from '../contract/tables.js';
