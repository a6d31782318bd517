import { etagListMatches } from '../encoding/etag-match.js';
import type { FileFacts } from './file-port.js';

/**
 * The validators of a file version: a weak `ETag` from its size and modification time (as
 * `send` and nginx make them; no read of the bytes) and its `Last-Modified` date.
 *
 * @example
 * fileValidators({ size: 10, mtimeMs: 1_700_000_000_000, … }, '') // { etag: 'W/"a-18bcfe56800"', lastModified: 'Tue, 14 Nov 2023 22:13:20 GMT' }
 */
export function fileValidators(facts: FileFacts, variant: string): { etag: string; lastModified: string } {
  const mtime = Math.floor(facts.mtimeMs);
  return { etag: `W/"${facts.size.toString(16)}-${mtime.toString(16)}${variant}"`, lastModified: new Date(mtime).toUTCString() };
}

/**
 * Whether the client's copy is current (RFC 9110 §13.2.2): `If-None-Match` decides when sent
 * (weak comparison, `*` matches any), else `If-Modified-Since` (to the second).
 *
 * @example
 * notModified(header, 'W/"a-1"', 'Tue, 14 Nov 2023 22:13:20 GMT') // true when If-None-Match: W/"a-1"
 */
export function notModified(header: (name: string) => string | undefined, etag: string, lastModified: string): boolean {
  const match = header('if-none-match');
  if (match !== undefined) return etagListMatches(match, etag);
  const since = header('if-modified-since');
  if (since === undefined) return false;
  const date = Date.parse(since);
  return !Number.isNaN(date) && Date.parse(lastModified) <= date;
}

/**
 * Whether a `Range` may be honoured: no `If-Range`, or one naming this version (its ETag, or its
 * date; a weak ETag never matches, RFC 9110 §13.1.5, so a client sending one gets the whole file).
 */
export function rangeStillValid(ifRange: string | undefined, etag: string, lastModified: string): boolean {
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return !etag.startsWith('W/') && ifRange === etag;
  return Date.parse(ifRange) === Date.parse(lastModified);
}
