/**
 * A weak `ETag` of an answer's bytes (or its text), the same every time for the same body: two
 * 32-bit hashes (FNV-1a and a multiply-xorshift one, 64 bits in all) and the length, computed in
 * one pass with no host API, so Node and the fetch hosts alike can use it synchronously. Weak
 * (`W/`): it stands for the representation the route gave, not byte-for-byte what was sent after
 * compression. It costs a pass over the body: it saves bandwidth, not the work of the handler.
 *
 * @example
 * weakEtagOf('{"id":1}'); // 'W/"8-…"'
 */
export function weakEtagOf(body: string | Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b1;
  const length = body.length;
  if (typeof body === 'string') {
    for (let i = 0; i < length; i++) {
      const c = body.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x85ebca6b);
      b ^= b >>> 13;
    }
  } else {
    for (let i = 0; i < length; i++) {
      const c = body[i]!;
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x85ebca6b);
      b ^= b >>> 13;
    }
  }
  return `W/"${length.toString(16)}-${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}"`;
}
