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

/** What text is: no NUL or other control byte but tab, line feed, form feed and carriage return. */
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

function looksLikeText(head: Uint8Array): boolean {
  let text: string;
  try {
    // `stream: true`: the head may end inside a character, which is not a reason to call it binary.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  return !controlByte.test(text);
}
