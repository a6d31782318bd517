import { NotValidBodyException, type ValidationReason } from '../exceptions/request-exceptions.js';
import type { DtoEntry } from '../contract/tables.js';
import { isPlainObject, notAnObject } from './compiled/instance.js';
import { loadClassValidator } from './decorators.js';

/** Validates parsed JSON against a DTO: the instance the handler receives, or a thrown 400. */
export type BodyValidator = (value: unknown) => object | Promise<object>;

/**
 * The validator of a DTO, chosen once at init: the compiled one when `framework-build` emitted it
 * (`entry.validate`), else class-validator, imported only then, so an application whose DTOs are
 * all compiled never loads it. Both give the same answers (a differential test holds them to it).
 * Reused by every place that validates a DTO (bodies today, query objects alike).
 *
 * @example
 * const validate = bodyValidatorFor(route.body); // at init
 * const dto = await validate(JSON.parse(text)); // per request; throws NotValidBodyException
 */
export function bodyValidatorFor(entry: DtoEntry): BodyValidator {
  const check = compiledBodyCheckFor(entry);
  if (!check) return classValidatorFor(entry);
  return (value) => {
    const reasons: ValidationReason[] = [];
    const instance = check(value, reasons);
    if (reasons.length > 0) throw new NotValidBodyException(reasons);
    return instance;
  };
}

/**
 * A compiled DTO's check: the instance, with every failed rule pushed to `reasons` (left empty
 * when the body is valid). Throws a MalformedBodyException for a value that is not an object or
 * holds a forbidden key.
 */
export type BodyCheck = (value: unknown, reasons: ValidationReason[]) => object;

/**
 * The compiled check of a DTO, or `undefined` when the DTO stays on class-validator. For callers
 * that answer an invalid body themselves, without a thrown NotValidBodyException.
 *
 * @example
 * const check = compiledBodyCheckFor(route.body); // at init
 * const reasons = []; const dto = check(JSON.parse(text), reasons); // per request
 * if (reasons.length > 0) return c.json(NotValidBodyException.bodyFor(reasons), 400);
 */
export function compiledBodyCheckFor(entry: DtoEntry): BodyCheck | undefined {
  const compiled = entry.validate;
  if (!compiled) return undefined;
  return (value, reasons) => {
    if (!isPlainObject(value)) throw notAnObject(entry, value);
    return compiled(value, '', reasons);
  };
}

function classValidatorFor(entry: DtoEntry): BodyValidator {
  // Started at init, so the first request does not wait for the import.
  // Decorators from `@framework/core/validators` are applied to class-validator first.
  const loading = Promise.all([import('./dto-validator.js'), loadClassValidator()]).then(([module]) => new module.DtoValidator(entry));
  // An unhandled rejection here would end the process before any request asks for it.
  loading.catch(() => undefined);
  return async (value) => (await loading).validate(value);
}
