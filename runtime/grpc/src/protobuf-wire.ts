/**
 * The Protobuf wire format, read without decoding: enough to walk a message's fields and find
 * the bytes of each length-delimited one. Used at init to read `.proto` descriptors and per call
 * to check string fields, both in one linear pass with no allocation per field.
 */

/** Wire type of length-delimited fields: strings, bytes, messages, packed repeated scalars. */
export const LENGTH_DELIMITED = 2;

/** What `visit` returns to stop the walk early. */
const STOP = -2;

/**
 * Calls `visit(field, wireType, start, end)` for each field of `bytes[from, to)`, where
 * `[start, end)` is the payload of a length-delimited field (empty for the others). Stops early
 * when `visit` returns false. Returns false when the bytes are not well-formed Protobuf (the
 * decoder then says what is wrong), true otherwise. Groups (proto2) are skipped whole.
 *
 * @example
 * forEachField(bytes, 0, bytes.length, (field, wire, start, end) => { if (field === 1) title = bytes.subarray(start, end); return true; });
 */
export function forEachField(
  bytes: Uint8Array,
  from: number,
  to: number,
  visit: (field: number, wireType: number, start: number, end: number) => boolean,
): boolean {
  return walk(bytes, from, to, visit, 0) !== -1;
}

/**
 * Walks fields from `at` until `to`, or, inside a group (`endGroup` > 0), until that group's end
 * tag. Returns the offset after the walk, -1 for malformed bytes, or STOP.
 */
function walk(bytes: Uint8Array, at: number, to: number, visit: ((field: number, wireType: number, start: number, end: number) => boolean) | undefined, endGroup: number): number {
  while (at < to) {
    const tag = readVarint(bytes, at, to);
    if (tag === -1) return -1;
    at = varintEnd;
    // Division, not shifts: a tag past 2^31 must not wrap to a negative field number.
    const field = Math.floor(tag / 8);
    const wireType = tag % 8;
    if (field === 0) return -1;
    let start = at;
    if (wireType === 0) {
      if (readVarint(bytes, at, to) === -1) return -1;
      at = varintEnd;
    } else if (wireType === 1) {
      at += 8;
    } else if (wireType === LENGTH_DELIMITED) {
      const length = readVarint(bytes, at, to);
      if (length === -1) return -1;
      start = varintEnd;
      at = start + length;
    } else if (wireType === 5) {
      at += 4;
    } else if (wireType === 3) {
      at = walk(bytes, at, to, undefined, field);
      if (at === -1) return -1;
    } else if (wireType === 4) {
      return field === endGroup ? at : -1;
    } else {
      return -1;
    }
    if (at > to) return -1;
    if (visit && !visit(field, wireType, start, wireType === LENGTH_DELIMITED ? at : start)) return STOP;
  }
  return endGroup === 0 ? at : -1;
}

/** Where the varint `readVarint` read last ends (kept here so reading a field allocates nothing). */
let varintEnd = 0;

/** The varint at `at` (at most 10 bytes, before `to`), or -1; sets `varintEnd`. */
function readVarint(bytes: Uint8Array, at: number, to: number): number {
  let value = 0;
  let scale = 1;
  for (let i = at; i < to && i < at + 10; i++) {
    const byte = bytes[i]!;
    // Multiplication, not shifts: lengths past 2^31 must not wrap to negative numbers.
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) {
      varintEnd = i + 1;
      return value;
    }
  }
  return -1;
}
