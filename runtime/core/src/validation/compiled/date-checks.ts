/**
 * `@IsDate()`, as class-validator 0.15 writes it: a `Date` whose time is a number. A parsed JSON
 * body holds no `Date`, so a body member under `@IsDate()` passes only when it is absent under
 * `@IsOptional()` — under class-validator as here.
 *
 * @example
 * isDate(new Date()) // true
 * isDate('2024-01-02') // false
 */
export function isDate(value: unknown): boolean {
  return value instanceof Date && !isNaN(value.getTime());
}
