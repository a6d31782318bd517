/**
 * Response headers prepared once, as name/value pairs in lower case: what the browser stages
 * hand a host to write. Frozen when prepared at `init`, so no request can change them.
 *
 * @example
 * const headers: HeaderList = Object.freeze([['x-content-type-options', 'nosniff']]);
 */
export type HeaderList = readonly (readonly [name: string, value: string])[];

/** The empty list, shared. */
export const NO_HEADERS: HeaderList = Object.freeze([]);

/**
 * A frozen copy of `pairs` (each pair frozen too): what a stage prepares at `init`.
 *
 * @example
 * const vary = frozenHeaders([['vary', 'Origin']]);
 */
export function frozenHeaders(pairs: readonly (readonly [string, string])[]): HeaderList {
  return Object.freeze(pairs.map(([name, value]) => Object.freeze([name.toLowerCase(), value] as const)));
}

/** An HTTP token (RFC 9110 §5.6.2): what a method or a header name is made of. */
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Whether `value` is an HTTP token of at most `maxLength` characters: a method or a header name
 * a request may name, checked before anything is compared with it or written back.
 *
 * @example
 * isToken('PATCH', 32); // true
 * isToken('GET\r\nX: 1', 32); // false
 */
export function isToken(value: string, maxLength: number): boolean {
  return value.length > 0 && value.length <= maxLength && token.test(value);
}
