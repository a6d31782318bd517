/**
 * IP address parsing for the throttler's trusted-proxy check: text → eight 16-bit groups, with an
 * IPv4 address stored in its IPv4-mapped form (`::ffff:a.b.c.d`), so that one range check serves
 * both families and `127.0.0.1` and `::ffff:127.0.0.1` are the same address.
 *
 * Hand-written (about a hundred lines) because the core may import neither `node:net` (it also runs
 * on Deno) nor a package for so little. Parses in place, by index range, without allocating.
 */

const DOT = 46;
const COLON = 58;
const PERCENT = 37;

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 65 && code <= 70) return code - 55; // A-F
  if (code >= 97 && code <= 102) return code - 87; // a-f
  return -1;
}

/** `text[start, end)` as a dotted-quad IPv4 address in a 32-bit number, or -1. No leading zeros. */
function parseIPv4(text: string, start: number, end: number): number {
  let result = 0;
  let octets = 0;
  let i = start;
  while (octets < 4) {
    let value = 0;
    let digits = 0;
    while (i < end) {
      const code = text.charCodeAt(i);
      if (code < 48 || code > 57) break;
      // `010` is octal to some parsers and decimal to others: refuse it rather than guess.
      if (digits === 1 && value === 0) return -1;
      value = value * 10 + (code - 48);
      digits++;
      i++;
    }
    if (digits === 0 || value > 255) return -1;
    result = result * 256 + value;
    octets++;
    if (octets < 4) {
      if (i >= end || text.charCodeAt(i) !== DOT) return -1;
      i++;
    }
  }
  return i === end ? result : -1;
}

/** `text[start, end)` as an IPv6 address (`::` and an IPv4 tail allowed, a `%zone` ignored) into `out`. */
function parseIPv6(text: string, start: number, end: number, out: Uint16Array): boolean {
  const percent = text.indexOf('%', start);
  if (percent !== -1 && percent < end) {
    if (percent === end - 1) return false;
    end = percent;
  }
  let count = 0;
  let compressAt = -1;
  let i = start;
  if (i + 1 < end && text.charCodeAt(i) === COLON && text.charCodeAt(i + 1) === COLON) {
    compressAt = 0;
    i += 2;
  }
  while (i < end) {
    if (count === 8) return false;
    let value = 0;
    let j = i;
    for (let digit = hexDigit(text.charCodeAt(j)); j < end && digit !== -1; digit = hexDigit(text.charCodeAt(++j))) value = value * 16 + digit;
    if (j < end && text.charCodeAt(j) === DOT) {
      // An IPv4 tail (`::ffff:192.0.2.1`) fills the last two groups.
      if (count > 6) return false;
      const v4 = parseIPv4(text, i, end);
      if (v4 === -1) return false;
      out[count++] = v4 >>> 16;
      out[count++] = v4 & 0xffff;
      break;
    }
    if (j === i || j - i > 4) return false;
    out[count++] = value;
    if (j === end) break;
    if (text.charCodeAt(j) !== COLON || j + 1 === end) return false;
    j++;
    if (text.charCodeAt(j) === COLON) {
      if (compressAt !== -1) return false;
      compressAt = count;
      j++;
    }
    i = j;
  }
  if (compressAt === -1) return count === 8;
  if (count === 8) return false; // `::` stands for at least one group
  const tail = count - compressAt;
  for (let k = 1; k <= tail; k++) out[8 - k] = out[count - k]!;
  out.fill(0, compressAt, 8 - tail);
  return true;
}

/**
 * Parses `text[start, end)` (an IPv4 or IPv6 address, no brackets or port) into `out` as eight
 * 16-bit groups; IPv4 takes the IPv4-mapped form. Returns whether it is an address.
 *
 * @example
 * const groups = new Uint16Array(8);
 * parseAddress('192.168.0.1', groups);  // true; groups: 0,0,0,0,0,0xffff,0xc0a8,0x0001
 * parseAddress('fe80::1%eth0', groups); // true; groups: 0xfe80,0,0,0,0,0,0,1
 * parseAddress('localhost', groups);    // false
 */
export function parseAddress(text: string, out: Uint16Array, start = 0, end = text.length): boolean {
  const colon = text.indexOf(':', start);
  if (colon !== -1 && colon < end) return parseIPv6(text, start, end, out);
  const v4 = parseIPv4(text, start, end);
  if (v4 === -1) return false;
  out.fill(0, 0, 5);
  out[5] = 0xffff;
  out[6] = v4 >>> 16;
  out[7] = v4 & 0xffff;
  return true;
}

/** Whether `text[start, end)` has no ':' (an IPv4 form, whose prefix lengths count from bit 96). */
export function isIPv4Text(text: string, start = 0, end = text.length): boolean {
  const colon = text.indexOf(':', start);
  return colon === -1 || colon >= end;
}

const checked = new Uint16Array(8);

/**
 * Whether `text[start, end)` is an IPv4 or IPv6 address (no brackets, no port).
 *
 * @example
 * isAddress('2001:db8::7'); // true
 * isAddress('unknown');     // false
 */
export function isAddress(text: string, start = 0, end = text.length): boolean {
  return parseAddress(text, checked, start, end);
}

const formatted = new Uint16Array(8);

/** The eight groups as RFC 5952 text: lower-case hex, the longest run (≥ 2) of zero groups as `::`. */
function formatIPv6(groups: Uint16Array): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let g = 0; g < 8; ) {
    if (groups[g] !== 0) {
      g++;
      continue;
    }
    let end = g;
    while (end < 8 && groups[end] === 0) end++;
    if (end - g > bestLength) [bestStart, bestLength] = [g, end - g];
    g = end;
  }
  let text = '';
  for (let g = 0; g < 8; g++) {
    if (g === bestStart) {
      text += g === 0 ? '::' : ':';
      g += bestLength - 1;
      continue;
    }
    text += groups[g]!.toString(16) + (g < 7 ? ':' : '');
  }
  return text;
}

/**
 * One spelling per address, so that one caller gets one throttler key: an IPv4-mapped IPv6
 * address becomes its dotted IPv4 form, IPv6 becomes its RFC 5952 text (lower case, zeros
 * compressed, no zone). `undefined` when `text[start, end)` is not an address.
 *
 * @example
 * canonicalAddress('::ffff:203.0.113.7'); // '203.0.113.7'
 * canonicalAddress('2001:DB8:0:0::1');    // '2001:db8::1'
 * canonicalAddress('203.0.113.7');        // '203.0.113.7'
 */
export function canonicalAddress(text: string, start = 0, end = text.length): string | undefined {
  // The common case, a dotted quad, is canonical as written (leading zeros are refused).
  if (isIPv4Text(text, start, end)) return parseIPv4(text, start, end) === -1 ? undefined : text.slice(start, end);
  if (!parseIPv6(text, start, end, formatted)) return undefined;
  const mapped = formatted[0] === 0 && formatted[1] === 0 && formatted[2] === 0 && formatted[3] === 0 && formatted[4] === 0 && formatted[5] === 0xffff;
  if (mapped) return `${formatted[6]! >>> 8}.${formatted[6]! & 0xff}.${formatted[7]! >>> 8}.${formatted[7]! & 0xff}`;
  return formatIPv6(formatted);
}
