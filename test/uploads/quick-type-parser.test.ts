// The cheaper comparisons of uploads/quick-type-parser.ts tell every type exactly as file-type's own
// `fileTypeFromBuffer` does: each signature file-type checks (read from its source, so a new one
// is covered too) is placed at its offset in heads of zeros, of text and of random bytes, and both
// parsers must give the same answer for each, as for random and truncated heads (a text head,
// which skips file-type's imprecise detector, among them).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { looksLikeText, SNIFF_BYTES } from '../../runtime/core/src/http/uploads/file-types.js';
import { quickTypeParser, type TypeParser } from '../../runtime/core/src/http/uploads/quick-type-parser.js';

/** The two entry points of file-type read here (typed by hand: the root's node_modules holds an older file-type). */
interface FileTypeModule {
  FileTypeParser: Parameters<typeof quickTypeParser>[0];
  fileTypeFromBuffer(head: Uint8Array): ReturnType<TypeParser['fromBuffer']>;
}

// The runtime's file-type (the root's node_modules holds an older one for other tools).
const fileTypeDir = dirname(createRequire(join(process.cwd(), 'runtime/core/package.json')).resolve('file-type/core'));
const { FileTypeParser, fileTypeFromBuffer } = (await import(pathToFileURL(join(fileTypeDir, 'core.js')).href)) as FileTypeModule;
const Quick = quickTypeParser(FileTypeParser, looksLikeText);
const coreSource = readFileSync(join(fileTypeDir, 'core.js'), 'utf8');

/** A seeded generator: the same heads on every run. */
function randomBytes(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[index] = state & 0xff;
  }
  return out;
}

/** Every literal signature file-type checks: its bytes and offset (0 when not a literal number). */
function signatures(): { bytes: number[]; offset: number }[] {
  const found: { bytes: number[]; offset: number }[] = [];
  const offsetOf = (options: string | undefined) => Number(/offset:\s*(\d+)/.exec(options ?? '')?.[1] ?? 0);
  for (const match of coreSource.matchAll(/this\.check\(\[([^\]]*)\](?:,\s*(\{[^}]*\}))?\)/g)) {
    found.push({ bytes: match[1]!.split(',').map((value) => Number(value.trim())), offset: offsetOf(match[2]) });
  }
  for (const match of coreSource.matchAll(/this\.checkString\('((?:[^'\\]|\\.)*)'(?:,\s*(\{[^}]*\}))?\)/g)) {
    // The literal as JavaScript reads it (`\0`, `\r\n`, `\u0000` escapes included).
    const text = runInNewContext(`'${match[1]!}'`) as string;
    const utf16 = /utf-16(le|be)/.exec(match[2] ?? '')?.[1];
    const bytes: number[] = [];
    for (const character of text) {
      const code = character.charCodeAt(0);
      if (utf16 === 'le') bytes.push(code & 0xff, code >> 8);
      else if (utf16 === 'be') bytes.push(code >> 8, code & 0xff);
      else bytes.push(code);
    }
    found.push({ bytes, offset: offsetOf(match[2]) });
  }
  return found;
}

async function sameAnswer(head: Uint8Array, what: string): Promise<void> {
  const expected = await fileTypeFromBuffer(head);
  const actual = await new Quick().fromBuffer(head);
  assert.equal(actual, expected, what);
}

test('the signatures are read from file-type: over 150 of them, masks and UTF-16 texts among them', () => {
  const all = signatures();
  assert.ok(all.length > 150, `${all.length} signatures`);
  assert.ok(/mask:/.test(coreSource) && /utf-16be/.test(coreSource));
});

test('every signature at its offset, alone or after another, in zeros, text and random bytes: the same type', async () => {
  const all = signatures();
  const fillers = [new Uint8Array(SNIFF_BYTES), new Uint8Array(SNIFF_BYTES).fill(0x61), randomBytes(7, SNIFF_BYTES)];
  let known = 0;
  for (const [index, { bytes, offset }] of all.entries()) {
    for (const [which, filler] of fillers.entries()) {
      const head = filler.slice();
      head.set(bytes, offset);
      await sameAnswer(head, `signature ${index} (${bytes.join(',')} at ${offset}) in filler ${which}`);
      // A second signature right after the first reaches the checks that look further.
      const next = all[(index + 1) % all.length]!;
      if (offset + bytes.length + next.offset + next.bytes.length < SNIFF_BYTES) head.set(next.bytes, offset + bytes.length + next.offset);
      await sameAnswer(head, `signature ${index} then ${index + 1} in filler ${which}`);
      if (await fileTypeFromBuffer(head)) known++;
    }
  }
  assert.ok(known > 100, `${known} heads had a type`);
});

test('random heads of every length, and each signature cut short: the same answer', async () => {
  for (let seed = 1; seed <= 300; seed++) await sameAnswer(randomBytes(seed, 1 + ((seed * 37) % SNIFF_BYTES)), `random head ${seed}`);
  for (const { bytes, offset } of signatures()) {
    const head = new Uint8Array(offset + bytes.length);
    head.set(bytes, offset);
    for (const cut of [head.length, head.length - 1, Math.ceil(head.length / 2)]) await sameAnswer(head.subarray(0, cut), `cut to ${cut}`);
  }
});

test("file-type's imprecise types are still told, and a text head is told text without them", async () => {
  const heads: [Uint8Array, string][] = [
    [Uint8Array.from([0xff, 0xfb, 0x90, 0x64, ...new Uint8Array(60)]), 'audio/mpeg'],
    [Uint8Array.from([0x00, 0x01, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x80]), 'font/ttf'],
    [Uint8Array.from([0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x10, 0x10]), 'image/x-icon'],
    [Uint8Array.from([0x00, 0x00, 0x01, 0xb3, 0x14, 0x00, 0xf0, 0x13]), 'video/mpeg'],
    [Uint8Array.from([0xff, 0xf1, 0x50, 0x80, 0x00, 0x1f, 0xfc, 0x00]), 'audio/aac'],
  ];
  // A parser told that everything is text misses each: they are the imprecise detector's, the one skipped.
  const credulous = quickTypeParser(FileTypeParser, () => true);
  for (const [head, mime] of heads) assert.is(await new credulous().fromBuffer(head), undefined, mime);
  for (const [head, mime] of heads) {
    assert.is((await fileTypeFromBuffer(head))?.mime, mime);
    const parser = new Quick();
    assert.is((await parser.fromBuffer(head))?.mime, mime);
    assert.is(parser.text, false, `${mime}: not text, so its imprecise signatures were checked`);
  }
  const parser = new Quick();
  assert.is(await parser.fromBuffer(new TextEncoder().encode('name,age\nAda,36\n')), undefined);
  assert.is(parser.text, true);
});

test('a parser per head: two read at once each get their own type', async () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const pdf = new TextEncoder().encode('%PDF-1.7\n');
  const [a, b] = await Promise.all([new Quick().fromBuffer(png), new Quick().fromBuffer(pdf)]);
  assert.is(a?.mime, 'image/png');
  assert.is(b?.mime, 'application/pdf');
});

test.run();
