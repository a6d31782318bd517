/**
 * `@IsDate()`, `@MinDate()` and `@MaxDate()`, as class-validator 0.15 writes them: a `Date` whose
 * time is a number, or within the bound. A parsed JSON body holds no `Date`, so a body member
 * under one of them passes only when it is absent under `@IsOptional()` — under class-validator
 * as here.
 *
 * @example
 * isDate(new Date()) // true
 * isDate('2024-01-02') // false
 * minDate(new Date(), new Date(0)) // true
 */
export function isDate(value: unknown): boolean {
  return value instanceof Date && !isNaN(value.getTime());
}

/** `@MinDate(date)`: a Date not before the bound (a Date, or a function giving one), as class-validator writes it. */
export function minDate(value: unknown, bound: unknown): boolean {
  return value instanceof Date && value.getTime() >= (bound instanceof Date ? bound : (bound as () => Date)()).getTime();
}

/** `@MaxDate(date)`: a Date not after the bound (a Date, or a function giving one), as class-validator writes it. */
export function maxDate(value: unknown, bound: unknown): boolean {
  return value instanceof Date && value.getTime() <= (bound instanceof Date ? bound : (bound as () => Date)()).getTime();
}
