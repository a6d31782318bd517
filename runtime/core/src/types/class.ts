/**
 * Any class constructor, abstract or not: what decorators record, the injector builds and the
 * execution context's `getClass()` returns.
 *
 * @example
 * function nameOf(type: Class): string { return type.name; }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Class<T = unknown> = abstract new (...args: any[]) => T;
