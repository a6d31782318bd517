/**
 * Response headers the framework writes itself, from the body and the connection: a value set by
 * hand would contradict the body actually sent (a wrong `Content-Length` corrupts the connection).
 * `@SetHeader` of one is a build error (FW1212), `context.setHeader` of one a TypeError.
 */
export const OWNED_RESPONSE_HEADERS: readonly string[] = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer', 'te'];

/**
 * Whether the framework owns a response header of this name (any case).
 *
 * @example
 * isOwnedResponseHeader('Content-Length'); // true
 * isOwnedResponseHeader('Cache-Control'); // false
 */
export function isOwnedResponseHeader(name: string): boolean {
  return OWNED_RESPONSE_HEADERS.includes(name.toLowerCase());
}
