import type { FileTypeParser, FileTypeResult } from 'file-type';

/** The two checks every signature of file-type goes through, with the options it passes them. */
interface CheckOptions {
  readonly offset?: number;
  readonly mask?: ArrayLike<number>;
  readonly encoding?: string;
}

/** What the form reader needs of a parser: one per file, as a parser keeps the file it reads in its own state. */
export interface TypeParser {
  fromBuffer(head: Uint8Array): Promise<FileTypeResult | undefined>;
  /** Whether the head is text, once told (by the parser that found no signature), else undefined. */
  readonly text: boolean | undefined;
}

/**
 * file-type's `FileTypeParser` with the two comparisons its ~300 signature checks call made cheap,
 * with the same results. file-type compares each signature by spreading its options into a new
 * object and walking the signature with an iterator, and turns each text signature (`'%PDF'`) into
 * an array of its char codes on every check: on a file that matches no signature (a `.bin`, an
 * archive of some unknown format) those allocations were most of the 13 µs a type took. Here a
 * signature is compared with an indexed loop and a text signature's codes are made once.
 *
 * And a head that is text (`isText`) skips file-type's imprecise detector, which no text can match:
 * its signatures (MPEG frames, TTF, ICO, CUR) all begin with 0x00 or 0xFF, a control byte and a
 * byte UTF-8 never holds (at offset 0: the parser is made without `mpegOffsetTolerance`). That
 * detector fills a 4,100-byte buffer of its own: about a quarter of a text file's type.
 * `test/uploads/quick-type-parser.test.ts` checks it tells every type as `fileTypeFromBuffer` does.
 *
 * @example
 * const Parser = quickTypeParser((await import('file-type')).FileTypeParser, looksLikeText);
 * (await new Parser().fromBuffer(head))?.mime; // 'image/png'
 */
export function quickTypeParser(Base: typeof FileTypeParser, isText: (head: Uint8Array) => boolean): new () => TypeParser {
  /** Text signatures as file-type's `stringToBytes` makes them, by encoding, then by text (all literals in file-type). */
  const codes = new Map<string | undefined, Map<string, readonly number[]>>();
  const codesOf = (text: string, encoding: string | undefined): readonly number[] => {
    let ofEncoding = codes.get(encoding);
    if (ofEncoding === undefined) codes.set(encoding, (ofEncoding = new Map()));
    let signature = ofEncoding.get(text);
    if (signature === undefined) {
      signature = textCodes(text, encoding);
      // Bounded, should a later file-type check a text it read rather than a literal.
      if (ofEncoding.size < 1024) ofEncoding.set(text, signature);
    }
    return signature;
  };
  return class QuickTypeParser extends Base {
    text: boolean | undefined;
    private head: Uint8Array | undefined;

    constructor() {
      super();
      const [confident, imprecise] = this.detectors;
      // Only file-type's own two detectors, as this file-type makes them; anything else is left as it is.
      if (this.detectors.length !== 2 || confident?.id !== 'core' || imprecise?.id !== 'core.imprecise') return;
      this.detectors = [confident, { id: imprecise.id, detect: (tokenizer) => (this.head !== undefined && (this.text = isText(this.head)) ? Promise.resolve(undefined) : imprecise.detect(tokenizer)) }];
    }

    override fromBuffer(head: Uint8Array): Promise<FileTypeResult | undefined> {
      this.head = head;
      return super.fromBuffer(head);
    }

    /** file-type's `check`: the signature's bytes (or `mask & byte`) at `offset` of the bytes read so far. */
    check(signature: ArrayLike<number>, options?: CheckOptions): boolean {
      const buffer = (this as unknown as { buffer: Uint8Array }).buffer;
      // As file-type's `{ offset: 0, ...options }`: an `offset` present but undefined stays undefined (and matches nothing).
      const offset = options !== undefined && 'offset' in options ? options.offset! : 0;
      const mask = options?.mask;
      for (let index = 0; index < signature.length; index++) {
        const byte = buffer[index + offset];
        if (mask ? signature[index] !== (mask[index]! & byte!) : signature[index] !== byte) return false;
      }
      return true;
    }

    /** file-type's `checkString`: the text's codes as `check` compares them (UTF-16 when asked, else one per code point). */
    checkString(text: string, options?: CheckOptions): boolean {
      if (options === undefined || (options.encoding === undefined && options.mask === undefined)) {
        // The common case, compared in place: a text without surrogates has one code per character.
        const buffer = (this as unknown as { buffer: Uint8Array }).buffer;
        const offset = options !== undefined && 'offset' in options ? options.offset! : 0;
        for (let index = 0; index < text.length; index++) {
          const code = text.charCodeAt(index);
          if (code >= 0xd800 && code <= 0xdfff) return this.check(codesOf(text, undefined), options);
          if (buffer[index + offset] !== code) return false;
        }
        return true;
      }
      return this.check(codesOf(text, options.encoding), options);
    }
  };
}

/** file-type's `stringToBytes`, made once per text. */
function textCodes(text: string, encoding: string | undefined): number[] {
  const out: number[] = [];
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (encoding === 'utf-16le') out.push(code & 0xff, (code >> 8) & 0xff);
      else out.push((code >> 8) & 0xff, code & 0xff);
    }
    return out;
  }
  for (const character of text) out.push(character.charCodeAt(0));
  return out;
}
