/** The longest request id taken from a proxy; a longer one is replaced. */
export const MAX_REQUEST_ID_LENGTH = 128;

/**
 * Whether a forwarded `X-Request-Id` may be used as it is: 1 to 128 visible ASCII characters (no
 * spaces, control characters or anything a log line or header could be bent with).
 *
 * @example
 * isUsableRequestId('f3a9-17');      // true
 * isUsableRequestId('a\nforged=1');  // false: replaced by a generated id
 */
export function isUsableRequestId(value: string): boolean {
  if (value.length === 0 || value.length > MAX_REQUEST_ID_LENGTH) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) return false;
  }
  return true;
}

/**
 * The id of one request: the `X-Request-Id` a trusted proxy forwarded when it is usable, else a
 * new random UUID (the same rule of trust as `X-Forwarded-For`: a client's own header proves nothing).
 *
 * @example
 * requestIdOf(fromTrustedProxy ? header('x-request-id') : undefined); // 'f3a9-17' or a new UUID
 */
export function requestIdOf(forwarded: string | undefined): string {
  return forwarded !== undefined && isUsableRequestId(forwarded) ? forwarded : crypto.randomUUID();
}
