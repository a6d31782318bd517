import { quickTypeParser, type TypeParser } from './quick-type-parser.js';

/** file-type's parser, imported with the first file told apart: its signatures are not loaded at start. */
let loadingParser: Promise<new () => TypeParser> | undefined;
/** The parser once loaded: a file's type is told without waiting on the load's promise. */
let loadedParser: (new () => TypeParser) | undefined;
const loadParser = (): Promise<new () => TypeParser> =>
  (loadingParser ??= import('file-type').then(({ FileTypeParser }) => (loadedParser = quickTypeParser(FileTypeParser, looksLikeText))));

/**
 * How many leading bytes of a file are read to tell its type: file-type's own reasonable detection
 * size, which covers every signature it knows (ZIP-based formats look a little further).
 */
export const SNIFF_BYTES = 4100;

/** The type of a file whose bytes match no signature and are not text. */
export const UNKNOWN_TYPE = 'application/octet-stream';

/**
 * The MIME type of a file from its first bytes (its "magic numbers"), never from its name or the
 * type its sender declared: a signature file-type knows (`image/png`, `application/pdf`…), else
 * `text/plain` for bytes that are valid UTF-8 without control characters, else
 * `application/octet-stream`. An empty file is `application/octet-stream`.
 *
 * @example
 * await typeFromBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])); // 'image/png'
 * await typeFromBytes(new TextEncoder().encode('hello')); // 'text/plain'
 */
export async function typeFromBytes(head: Uint8Array): Promise<string> {
  if (head.length === 0) return UNKNOWN_TYPE;
  // A parser per file: it keeps the bytes it reads in its own state across its awaits.
  const parser = new (loadedParser ?? (await loadParser()))();
  const found = await parser.fromBuffer(head);
  if (found) return found.mime;
  // Told already by the parser where no signature matched, unless the parser stopped before asking.
  return (parser.text ?? looksLikeText(head)) ? 'text/plain' : UNKNOWN_TYPE;
}

/**
 * Text: no NUL or other control byte but tab, line feed, form feed and carriage return (in UTF-8
 * those are single bytes, so the bytes are scanned, not a decoded string), and valid UTF-8, which
 * only a head with a byte above 0x7f needs a decoder to tell. The scan reads four bytes at a time
 * (a quarter of the steps over a 4 KiB head) and looks at single bytes only in a word that holds
 * one below 0x20, 0x7f or one above it.
 */
export function looksLikeText(head: Uint8Array): boolean {
  const scan = { ascii: true };
  const lead = (4 - (head.byteOffset & 3)) & 3;
  // A head too short to hold one aligned word is scanned byte by byte.
  if (head.length < lead + 4) return bytesAreText(head, 0, head.length, scan) && (scan.ascii || isUtf8(head));
  if (!bytesAreText(head, 0, lead, scan)) return false;
  const count = (head.length - lead) >>> 2;
  const words = new Uint32Array(head.buffer, head.byteOffset + lead, count);
  for (let index = 0; index < count; index++) {
    const word = words[index]!;
    const del = word ^ 0x7f7f7f7f;
    // The high bit of a byte is set by: a byte below 0x20 (the first term), a byte equal to 0x7f
    // (the second: a zero byte of `del`), a byte above 0x7f (the word itself). Exact for "any".
    if ((((word - 0x20202020) & ~word) | ((del - 0x01010101) & ~del) | word) & 0x80808080) {
      const at = lead + index * 4;
      if (!bytesAreText(head, at, at + 4, scan)) return false;
    }
  }
  if (!bytesAreText(head, lead + count * 4, head.length, scan)) return false;
  return scan.ascii || isUtf8(head);
}

/** Valid UTF-8; `stream: true` as the head may end inside a character, which is not a reason to call it binary. */
function isUtf8(head: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Bytes `from`..`to` hold no control byte but tab, LF, FF and CR; `scan.ascii` goes false at a byte above 0x7f. */
function bytesAreText(head: Uint8Array, from: number, to: number, scan: { ascii: boolean }): boolean {
  for (let index = from; index < to; index++) {
    const byte = head[index]!;
    if (byte < 0x20) {
      if (byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
    } else if (byte === 0x7f) return false;
    else if (byte > 0x7f) scan.ascii = false;
  }
  return true;
}
