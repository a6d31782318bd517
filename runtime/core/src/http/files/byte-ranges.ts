import parseRange from 'range-parser';

/** More ranges than this in one `Range` header are refused (416) before any is read. */
export const MAX_RANGES = 100;

/** `bytes=` and a list of `first-last`, `first-` or `-suffix` specs (checked in one linear pass). */
const BYTE_RANGES = /^bytes=[ \t]*(?:\d+-\d*|-\d+)(?:[ \t]*,[ \t]*(?:\d+-\d*|-\d+))*[ \t]*$/;

/** A `-suffix` spec: after `=` or `,` (and blanks), where a `first-last` spec has its first digits. */
const SUFFIX_RANGE = /([=,][ \t]*)-(\d+)/g;

/** What a `Range` header asks of a file of a given size. */
export type RangeAsk =
  /** Serve the whole file (no Range, one the server may ignore, or several disjoint ranges). */
  | { readonly kind: 'whole' }
  /** Serve bytes `start`-`end` as a 206. */
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  /** Answer 416: no range can be served. */
  | { readonly kind: 'unsatisfiable'; readonly reason: string };

/**
 * Reads a `Range` header (`range-parser`): one range is a 206; overlapping or adjacent ranges are
 * coalesced first, so `bytes=0-10,5-20` is `0-20`; several disjoint ranges are answered with the
 * whole file (a multipart answer is not made; RFC 9110 lets a server ignore Range); a range past
 * the end, or more than `MAX_RANGES` listed, is a 416 (a suffix longer than the file is the whole
 * file); a header that is not a list of byte ranges is ignored.
 *
 * @example
 * rangeAsk('bytes=0-99', 5000);   // { kind: 'part', start: 0, end: 99 }
 * rangeAsk('bytes=9000-', 5000);  // { kind: 'unsatisfiable', … }
 */
export function rangeAsk(header: string | undefined, size: number): RangeAsk {
  if (header === undefined) return { kind: 'whole' };
  // Counted before parsing, so the work per request stays bounded by the header's length alone.
  let count = 1;
  for (let i = header.indexOf(','); i !== -1; i = header.indexOf(',', i + 1)) count++;
  if (count > MAX_RANGES) return { kind: 'unsatisfiable', reason: `more than ${MAX_RANGES} ranges in one Range header` };
  // A header that is not a list of byte ranges is ignored (RFC 9110 §14.2), not a 416.
  if (!BYTE_RANGES.test(header)) return { kind: 'whole' };
  // range-parser refuses a suffix longer than the file (`bytes=-20000` of 10,000 bytes); RFC 9110
  // §14.1.3 serves the whole file then, so such a suffix is read as `0-`.
  const suffixed = header.replace(SUFFIX_RANGE, (spec, lead: string, digits: string) => (Number(digits) > size ? `${lead}0-` : spec));
  const ranges = parseRange(size, suffixed, { combine: true });
  if (ranges === -2 || (Array.isArray(ranges) && ranges.type !== 'bytes')) return { kind: 'whole' };
  if (ranges === -1) return { kind: 'unsatisfiable', reason: `the range is outside the file (${size} bytes)` };
  if (ranges.length !== 1) return { kind: 'whole' };
  return { kind: 'part', start: ranges[0]!.start, end: ranges[0]!.end };
}
