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
  return forwarded !== undefined && isUsableRequestId(forwarded) ? forwarded : newRequestId();
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const random32 = (): number => (Math.random() * 0x100000000) >>> 0;
const byte = (n: number): string => HEX[n & 0xff]!;

/**
 * A version-4 UUID of 122 bits from `Math.random()`, which V8 seeds afresh in each process (a
 * startup snapshot's too). A request id correlates lines, spans and answers; it guards nothing, so
 * it need not come from the operating system's generator: the first `crypto.randomUUID()` of a
 * process loads Node's Web Crypto, 2 ms of CPU that Node 20 would spend on the first request.
 *
 * @example
 * newRequestId(); // '3f0c9a52-7d1e-4b8a-9c04-51e2d7a6b3f9'
 */
export function newRequestId(): string {
  const a = random32();
  const b = random32();
  const c = random32();
  const d = random32();
  return (
    byte(a >>> 24) + byte(a >>> 16) + byte(a >>> 8) + byte(a) + '-' +
    byte(b >>> 24) + byte(b >>> 16) + '-' +
    byte(((b >>> 8) & 0x0f) | 0x40) + byte(b) + '-' + // version 4
    byte(((c >>> 24) & 0x3f) | 0x80) + byte(c >>> 16) + '-' + // variant 10
    byte(c >>> 8) + byte(c) + byte(d >>> 24) + byte(d >>> 16) + byte(d >>> 8) + byte(d)
  );
}
