/** Keys up to this many characters are stored as they are. */
export const MAX_PLAIN_KEY_LENGTH = 200;

/**
 * A key of a few dozen characters standing for `key`: the key itself when it has at most
 * `MAX_PLAIN_KEY_LENGTH` characters, else `#`, a 64-bit FNV-1a digest of the whole key (in hex)
 * and its length. Bounds the memory a storage spends per key whatever a `getTracker` returns (an
 * `x-api-key` header can be kilobytes long). The guard's keys start with a throttler name, which
 * has no `#`, so a digest never equals a plain key.
 *
 * Nothing of `key` itself is kept: V8 would let even a short slice of it hold the whole string.
 * FNV-1a is not cryptographic: two crafted keys could share a counter. Trackers are the callers'
 * own identities, so crafting a collision with another caller needs that caller's identity first.
 *
 * @example
 * boundedKey('default:3:203.0.113.7'); // unchanged
 * boundedKey('default:3:' + apiKey);    // '#9f2c44d1a0b3c2e1:16394' for a 16 384-character apiKey
 */
export function boundedKey(key: string): string {
  return key.length <= MAX_PLAIN_KEY_LENGTH ? key : `#${fnv1a64(key)}:${key.length}`;
}

/**
 * FNV-1a, 64-bit, over the UTF-16 code units of `text`, as 16 hex digits. Computed in four 16-bit
 * limbs so that it needs no BigInt (the product of a limb and the prime stays a safe integer).
 */
export function fnv1a64(text: string): string {
  // Offset basis 0xcbf29ce484222325, least significant limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    // × the prime 0x100000001b3 = 2^40 + 0x1b3 (435): each limb × 435, plus the value shifted by 40 bits.
    const t0 = h0 * 435;
    let t1 = h1 * 435;
    let t2 = h2 * 435 + (h0 << 8);
    let t3 = h3 * 435 + (h1 << 8);
    t1 += t0 >>> 16;
    t2 += t1 >>> 16;
    t3 += t2 >>> 16;
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return hex4(h3) + hex4(h2) + hex4(h1) + hex4(h0);
}

function hex4(limb: number): string {
  return limb.toString(16).padStart(4, '0');
}
