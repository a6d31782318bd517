import { NotValidBodyException, type ValidationReason } from '../exceptions/request-exceptions.js';
import type { BodyEntry, DtoEntry } from '../contract/tables.js';
import { isThenable } from '../types/thenable.js';
import { isPlainObject, notAnObject } from './compiled/instance.js';
import { loadClassValidator } from './decorators.js';
import { arrayCheckFor, isArrayEntry, validateEach } from './array-body.js';
import { CappedReasons, DEFAULT_MAX_REASONS } from './reason-cap.js';
import { isSchemaEntry, schemaCheckFor } from './schema-check.js';

/** Validates parsed JSON against a DTO: the instance the handler receives, or a thrown 400. */
export type BodyValidator = (value: unknown) => object | Promise<object>;

/**
 * The validator of a DTO, chosen once at init: the compiled one when `framework-build` emitted it
 * (`entry.validate`), else class-validator, imported only then, so an application whose DTOs are
 * all compiled never loads it. Both give the same answers (a differential test holds them to it).
 * A Standard Schema entry runs the schema's own `validate`, with the same 400. An array entry
 * (`arrayOf`, for `@Body() items: ItemDto[]`) validates each element with its DTO's validator.
 * Reused by every place that validates a DTO (bodies today, query objects alike). At most
 * `maxReasons` reasons are listed (see `CappedReasons`).
 *
 * @example
 * const validate = bodyValidatorFor(route.body); // at init
 * const dto = await validate(JSON.parse(text)); // per request; throws NotValidBodyException
 */
export function bodyValidatorFor(entry: BodyEntry, maxReasons = DEFAULT_MAX_REASONS, check = compiledBodyCheckFor(entry, maxReasons)): BodyValidator {
  if (!check) return classValidatorFor(entry as DtoEntry, maxReasons);
  const settle = (reasons: ValidationReason[], instance: object): object => {
    if (reasons.length > 0) throw new NotValidBodyException(reasons);
    return instance;
  };
  return (value) => {
    const reasons: ValidationReason[] = [];
    const instance = check(value, reasons);
    return isThenable(instance) ? instance.then((settled) => settle(reasons, settled)) : settle(reasons, instance);
  };
}

/**
 * A compiled DTO's check: the instance, with every failed rule pushed to `reasons` (left empty
 * when the body is valid). Throws a MalformedBodyException for a value that is not an object or
 * holds a forbidden key. A Standard Schema's check has the same shape; it answers with a promise
 * (and pushes its reasons when it settles) only when the schema validates asynchronously.
 */
export type BodyCheck = (value: unknown, reasons: ValidationReason[]) => object | Promise<object>;

/**
 * The compiled check of a DTO, or `undefined` when the DTO stays on class-validator. For callers
 * that answer an invalid body themselves, without a thrown NotValidBodyException.
 *
 * @example
 * const check = compiledBodyCheckFor(route.body); // at init
 * const reasons = []; const dto = await check(JSON.parse(text), reasons); // per request (a promise only for an async schema)
 * if (reasons.length > 0) return c.json(NotValidBodyException.bodyFor(reasons), 400);
 */
export function compiledBodyCheckFor(entry: BodyEntry, maxReasons = DEFAULT_MAX_REASONS): BodyCheck | undefined {
  if (isSchemaEntry(entry)) return schemaCheckFor(entry, maxReasons);
  if (isArrayEntry(entry)) return arrayCheckFor(entry, maxReasons);
  const compiled = entry.validate;
  if (!compiled) return undefined;
  const capped = new CappedReasons(maxReasons);
  return (value, reasons) => {
    if (!isPlainObject(value)) throw notAnObject(entry, value);
    return capped.run(compiled, value, reasons);
  };
}

function classValidatorFor(entry: DtoEntry, maxReasons: number): BodyValidator {
  // Started at init, so the first request does not wait for the import.
  // Decorators from `@framework/core/validators` are applied to class-validator first.
  const loading = Promise.all([import('./dto-validator.js'), loadClassValidator()]).then(([module]) => new module.DtoValidator(entry, maxReasons));
  // An unhandled rejection here would end the process before any request asks for it.
  loading.catch(() => undefined);
  if (isArrayEntry(entry)) return async (value) => validateEach(await loading, entry, value, maxReasons);
  return async (value) => (await loading).validate(value);
}
