const encoder = new TextEncoder();

/**
 * Compares a received credential with a secret in time that depends only on the secret's length,
 * never on where the two first differ, so the secret cannot be guessed byte by byte from
 * response times. (node:crypto's `timingSafeEqual` is not available on every runtime.)
 *
 * @example
 * const ok = constantTimeEqual(received, encodedSecret);
 */
export function constantTimeEqual(received: string, secret: Uint8Array): boolean {
  const bytes = encoder.encode(received);
  let difference = bytes.length ^ secret.length;
  for (let i = 0; i < secret.length; i++) {
    // Walk the whole secret even when `received` is shorter; missing bytes count as 0.
    difference |= secret[i]! ^ (bytes[i] ?? 0);
  }
  return difference === 0;
}
