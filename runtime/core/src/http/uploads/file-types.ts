/** file-type, imported with the first file told apart: its signatures are not loaded at start. */
let loadingFileType: Promise<typeof import('file-type')> | undefined;
const loadFileType = (): Promise<typeof import('file-type')> => (loadingFileType ??= import('file-type'));

/**
 * How many leading bytes of a file are read to tell its type: file-type's own reasonable detection
 * size, which covers every signature it knows (ZIP-based formats look a little further).
 */
export const SNIFF_BYTES = 4100;

/** The type of a file whose bytes match no signature and are not text. */
export const UNKNOWN_TYPE = 'application/octet-stream';

const controlByte = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

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
  const found = await (await loadFileType()).fileTypeFromBuffer(head);
  if (found) return found.mime;
  return looksLikeText(head) ? 'text/plain' : UNKNOWN_TYPE;
}

/**
 * Text: no NUL or other control byte but tab, line feed, form feed and carriage return (in UTF-8
 * those are single bytes, so the bytes are scanned, not a decoded string), and valid UTF-8, which
 * only a head with a byte above 0x7f needs a decoder to tell.
 */
function looksLikeText(head: Uint8Array): boolean {
  let ascii = true;
  for (let index = 0; index < head.length; index++) {
    const byte = head[index]!;
    if (byte < 0x20) {
      if (byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
    } else if (byte === 0x7f) return false;
    else if (byte > 0x7f) ascii = false;
  }
  if (ascii) return true;
  try {
    // `stream: true`: the head may end inside a character, which is not a reason to call it binary.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
