/**
 * Response headers prepared once, lower-case names to values: what the browser stages hand the
 * pipeline (its `AnswerHeaders`). Frozen when prepared at `init`, so no request can change them.
 *
 * @example
 * const headers: HeaderRecord = frozenHeaders({ 'x-content-type-options': 'nosniff' });
 */
export type HeaderRecord = Readonly<Record<string, string>>;

/** The empty record, shared. */
export const NO_HEADERS: HeaderRecord = Object.freeze({});

/**
 * A frozen copy of `headers` with lower-case names: what a stage prepares at `init`.
 *
 * @example
 * const vary = frozenHeaders({ Vary: 'Origin' }); // { vary: 'Origin' }
 */
export function frozenHeaders(headers: Record<string, string>): HeaderRecord {
  return Object.freeze(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])));
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
