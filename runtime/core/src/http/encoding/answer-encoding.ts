import { isCompressible } from './compressible.js';
import type { ResolvedCompression } from './compression-options.js';
import { etagListMatches } from './etag-match.js';
import { preferredCodings, type Coding } from './negotiate.js';
import type { Compressors } from './compressors.js';

export type { Compressors };
import { weakEtagOf } from './weak-etag.js';
import type { HostCompressors } from './host-compressors.js';

/**
 * What a route does to its answers' bodies, decided once at init (`answerEncodingFor`): compress
 * them, tag them for conditional GET, or both. A route with neither has none (`HttpRoute.encoding`
 * undefined), and its answers are written as before.
 */
export interface AnswerEncoding {
  readonly compression: ResolvedCompression | undefined;
  readonly etag: boolean;
  /** The host's compressors, loaded on first need (`host-compressors.ts`). */
  readonly compressors: HostCompressors;
}

/** What the encoding reads of a request. */
export interface EncodingRequest {
  readonly method: string;
  header(name: string): string | undefined;
}

/** The headers of an answer the encoding reads (lower-case names). */
export type AnswerHeaderReader = (name: string) => string | undefined;

/**
 * The coding to compress an answer in, and whether the choice depended on `Accept-Encoding` (so
 * the answer must say `Vary: Accept-Encoding`). Nothing is compressed for a status without a body
 * (1xx, 204, 304) or other than 2xx, a 206 (its `Content-Range` counts the bytes of the
 * uncompressed representation), a body already encoded, `Cache-Control: no-transform`,
 * a type compressed already or an event stream, or a body under the threshold (`size` undefined:
 * a stream of unknown length, compressed when its type allows). A HEAD is decided as its GET
 * (RFC 9110 §9.3.2: the same header fields), so a cache storing its head keys it the same way.
 *
 * @example
 * compressionFor(compression, request, 200, (n) => ({ 'content-type': 'application/json' })[n], 20_000, () => true); // { coding: 'br', vary: true }
 */
export function compressionFor(
  compression: ResolvedCompression,
  request: EncodingRequest,
  status: number,
  header: AnswerHeaderReader,
  size: number | undefined,
  can: (coding: Coding) => boolean,
): { readonly coding: Coding; readonly vary: boolean } | undefined {
  if (status < 200 || status >= 300 || status === 204 || status === 206) return undefined;
  // The size first: most answers are small, and it spares them the two patterns (the first call of each compiles it).
  if (size !== undefined && size < compression.threshold) return undefined;
  if (header('content-encoding') !== undefined || !isCompressible(header('content-type'))) return undefined;
  if (/\bno-transform\b/i.test(header('cache-control') ?? '')) return undefined;
  const offered = compression.available.filter((coding) => coding === 'identity' || can(coding));
  const coding = preferredCodings(request.header('accept-encoding'), offered)[0] ?? 'identity';
  return { coding, vary: true };
}

/**
 * The `Vary` of a 304 to a conditional GET: the one its 200 would carry (RFC 9110 §15.4.5), with
 * `Accept-Encoding` when that 200's coding would have depended on it.
 *
 * @example
 * notModifiedVary(compression, request, header, 20_000); // 'Accept-Encoding'
 */
export function notModifiedVary(compression: ResolvedCompression | undefined, request: EncodingRequest, header: AnswerHeaderReader, size: number | undefined): string | undefined {
  const vary = header('vary');
  return compression && compressionFor(compression, request, 200, header, size, () => false) ? withVary(vary) : vary;
}

/**
 * The weak `ETag` of a 200 answer to a GET of a route with conditional GET on, and whether the
 * client has it already (`If-None-Match`), so the answer is a 304 without a body. Undefined when
 * the answer is not one to tag (another method or status, a tag set by the handler).
 *
 * @example
 * const tag = entityTag(request, 200, header, text); // { etag: 'W/"…"', notModified: false }
 */
export function entityTag(request: EncodingRequest, status: number, header: AnswerHeaderReader, body: string | Uint8Array): { readonly etag: string; readonly notModified: boolean } | undefined {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || status !== 200 || header('etag') !== undefined) return undefined;
  const etag = weakEtagOf(body);
  const match = request.header('if-none-match');
  return { etag, notModified: match !== undefined && etagListMatches(match, etag) };
}

/**
 * Appends `Accept-Encoding` to a `Vary` value (or makes one), once.
 *
 * @example
 * withVary('Origin'); // 'Origin, Accept-Encoding'
 */
export function withVary(vary: string | undefined): string {
  if (vary === undefined || vary === '') return 'Accept-Encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

/**
 * The `ETag` of an answer once compressed: a strong tag names one sequence of bytes (RFC 9110
 * §8.8.1), which the compressed body is not, so it becomes weak (as nginx does); a weak one stays.
 *
 * @example
 * compressedEtag('"v1"'); // 'W/"v1"'
 */
export function compressedEtag(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}
