import type { BusboyInstance } from '@fastify/busboy';
import { hasControlCharacter } from './form-boundary.js';

/** @fastify/busboy's parameter parser: an extended parameter decoded under its plain name. */
export type ParseParams = (value: string) => (string | [string, string])[];

/** A part's `Content-Disposition` whose `name*` or `filename*` does not decode, and why. */
export interface UndecodedDisposition {
  /** The part's name as the parser reads it (undefined when the name is what does not decode). */
  readonly part: string | undefined;
  readonly parameter: 'name*' | 'filename*';
  readonly reason: string;
}

/**
 * Each parameter of a disposition and its raw value, a quoted one read whole: a `;` inside quotes
 * (a browser sends a file name as it is, `filename="a;filename*=b"`) starts no parameter.
 */
const PARAMETER = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
/** The extended parameters the parser reads. */
const EXTENDED = /^(name|filename)\*$/i;
/** RFC 8187 §3.2.1: `charset'language'value`, the value percent-encoded attr-chars. */
const EXT_VALUE = /^[!#$%&+\-^_`{}~0-9a-z]+'[a-z0-9-]*'(?:%[0-9a-f]{2}|[!#$&+\-.^_`|~0-9a-z])*$/i;

/**
 * Why a part's `Content-Disposition` cannot be read, when a `name*` or `filename*` (RFC 8187)
 * does not decode: not `charset'language'value`, a `%` not followed by two hex digits, bytes that
 * are not UTF-8, or a control character once decoded (`filename*=UTF-8''a%0D%0A`). The
 * parameters are read by the parser's own `parseParams`, the one its parts are read with; only the
 * raw value's spelling is checked here. Undefined for a disposition without an extended
 * parameter (every browser's: RFC 7578 §4.2 forbids `filename*` in a form).
 *
 * @example
 * undecodedDisposition(parseParams, `form-data; name="doc"; filename*=UTF-8''a%0D%0A`);
 * // { part: 'doc', parameter: 'filename*', reason: 'it decodes to a control character (a line break)' }
 */
export function undecodedDisposition(parseParams: ParseParams, disposition: string): UndecodedDisposition | undefined {
  if (!disposition.includes('*')) return undefined;
  for (const [, name, raw] of disposition.matchAll(PARAMETER)) {
    const key = EXTENDED.exec(name!)?.[1];
    if (key === undefined) continue;
    const parameter = key.toLowerCase() as 'name' | 'filename';
    // Decoded alone: beside a `filename` the parser may read only that one.
    const reason = problemOf(raw!.trim(), valueOf(parseParams(`x; ${parameter}*=${raw!.trim()}`), parameter));
    if (reason) return { part: parameter === 'name' ? undefined : valueOf(parseParams(disposition), 'name'), parameter: `${parameter}*`, reason };
  }
  return undefined;
}

const valueOf = (parsed: ReturnType<ParseParams>, key: string): string | undefined =>
  parsed.find((entry): entry is [string, string] => Array.isArray(entry) && entry[0].toLowerCase() === key)?.[1];

function problemOf(raw: string, decoded: string | undefined): string | undefined {
  if (!EXT_VALUE.test(raw)) return /%(?![0-9a-f]{2})/i.test(raw) ? 'a % is not followed by two hex digits' : `it is not charset'language'percent-encoded-value (RFC 8187)`;
  if (decoded === undefined) return undefined;
  if (/[\r\n]/.test(decoded)) return 'it decodes to a control character (a line break)';
  if (hasControlCharacter(decoded)) return 'it decodes to a control character';
  if (decoded.includes('\uFFFD')) return 'its bytes are not UTF-8';
  return undefined;
}

/**
 * Calls `seen` with each part's `Content-Disposition` before the parser reads it. @fastify/busboy
 * drops, without an event, a part whose name or file name decodes to a line break, and passes on
 * others as it decodes them, and has no event or option for a part's head: its multipart
 * reader's Dicer, reached through two of its fields (`_parser.parser`; the uploads suite fails
 * if a version moves them, and this throws), emits each part's head. The listener is put first
 * so that a refusal comes before the parser hands over the part's file.
 *
 * @example
 * watchDispositions(parser, (disposition) => check(disposition));
 */
export function watchDispositions(parser: BusboyInstance, seen: (disposition: string) => void): void {
  const dicer = (parser as unknown as { _parser?: { parser?: PartEmitter } })._parser?.parser;
  if (typeof dicer?.prependListener !== 'function') throw new Error('@fastify/busboy: its multipart reader has no parts to watch (an unsupported version)');
  dicer.prependListener('part', (part) => {
    part.prependListener('header', (header) => {
      const disposition = header['content-disposition']?.[0];
      if (disposition !== undefined) seen(disposition);
    });
  });
}

interface PartEmitter {
  prependListener(event: 'part', listener: (part: { prependListener(event: 'header', listener: (header: Record<string, string[] | undefined>) => void): void }) => void): void;
}
