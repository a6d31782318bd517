import type { ValidationReason } from '../exceptions/request-exceptions.js';

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
