// The form reader on its own (uploads/form-reader.ts): bodies fed as chunks, every limit crossed
// one at a time, malformed bodies, and temporary files deleted however the read ends.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FormEntry } from '../../runtime/core/src/contract/tables.js';
import { HttpException } from '../../runtime/core/src/exceptions/http-exception.js';
import { streamSource } from '../../runtime/core/src/http/uploads/body-source.js';
import { FormReader } from '../../runtime/core/src/http/uploads/form-reader.js';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../../runtime/core/src/http/uploads/upload-limits.js';
import type { UploadedForm } from '../../runtime/core/src/http/uploads/uploaded-form.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const BOUNDARY = 'xXxBoundaryxXx';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

type Part = { readonly name?: string; readonly filename?: string; readonly type?: string; readonly data: Uint8Array | string };

/** A multipart body, written by hand so that each test can break it as it needs. */
function body(parts: readonly Part[], close = true): Uint8Array {
  const encoder = new TextEncoder();
  const out: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = ['form-data', ...(part.name === undefined ? [] : [`name="${part.name}"`]), ...(part.filename === undefined ? [] : [`filename="${part.filename}"`])].join('; ');
    out.push(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    out.push(typeof part.data === 'string' ? encoder.encode(part.data) : part.data);
    out.push(encoder.encode('\r\n'));
  }
  if (close) out.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(out);
}

/** The body in chunks of `size` bytes. */
async function* chunks(bytes: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const entry: FormEntry = {
  files: [
    { field: 'avatar', maxCount: 1, maxBytes: 4096, types: ['image/png', 'text/plain'], required: true },
    { field: 'photos', maxCount: 3, required: false },
  ],
};

const reader = suite<{ dir: string; limits: UploadLimits }>('form reader');

reader.before(async (context) => {
  context.dir = await mkdtemp(join(tmpdir(), 'form-reader-'));
  context.limits = { ...DEFAULT_UPLOAD_LIMITS, memoryBytes: 1024, tempDir: context.dir };
});
reader.after(async ({ dir }) => rm(dir, { recursive: true, force: true }));

async function read(limits: UploadLimits, bytes: Uint8Array, options: { type?: string; bodyLimit?: number; source?: AsyncIterable<Uint8Array> } = {}): Promise<{ form?: UploadedForm; error?: HttpException; dispose?: () => Promise<void> }> {
  let dispose: (() => Promise<void>) | undefined;
  try {
    const form = await new FormReader(entry, limits, options.bodyLimit ?? 1 << 20).read(streamSource(options.source ?? chunks(bytes)), options.type ?? TYPE, undefined, (d) => (dispose = d));
    return { form, dispose };
  } catch (error) {
    if (!(error instanceof HttpException)) throw error;
    return { error, dispose };
  }
}

reader('reads text fields and files, each a File typed by its bytes', async ({ limits, dir }) => {
  const large = new Uint8Array(3000).fill(0x61);
  const { form, dispose } = await read(limits, body([
    { name: 'title', data: 'milk' },
    { name: 'tag', data: 'a' },
    { name: 'tag', data: 'b' },
    { name: 'avatar', filename: 'me.txt', type: 'image/gif', data: PNG },
    { name: 'photos', filename: 'big.bin', type: 'application/octet-stream', data: large },
  ]));
  assert.ok(form);
  assert.equal({ ...form.fields }, { title: 'milk', tag: ['a', 'b'] });
  const avatar = form.files.get('avatar')![0]!;
  assert.is(avatar.name, 'me.txt');
  assert.is(avatar.type, 'image/png', 'the type comes from the bytes, not the name or the declared type');
  assert.is(avatar.size, PNG.length);
  assert.equal(new Uint8Array(await avatar.arrayBuffer()), PNG);
  const photo = form.files.get('photos')![0]!;
  assert.is(photo.size, 3000);
  assert.is(photo.type, 'text/plain');
  assert.is(readdirSync(dir).length, 1, 'the file above memoryBytes went to a temporary file');
  assert.is((await new Response(photo.stream()).text()).length, 3000);
  await dispose!();
  assert.is(readdirSync(dir).length, 0, 'dispose deletes it');
});

const refusals: readonly { what: string; parts?: Part[]; bytes?: Uint8Array; tune?: Partial<UploadLimits>; type?: string; bodyLimit?: number; status: number; limit?: string; message: RegExp }[] = [
  { what: 'a file over its maxBytes', parts: [{ name: 'avatar', filename: 'a.txt', data: 'x'.repeat(5000) }], status: 413, limit: 'fileBytes', message: /File 'avatar' is larger than the limit of 4096 bytes/ },
  { what: 'a file over the default file size', parts: [{ name: 'avatar', filename: 'a.png', data: PNG }, { name: 'photos', filename: 'p', data: 'x'.repeat(3000) }], tune: { maxFileBytes: 2048 }, status: 413, limit: 'fileBytes', message: /File 'photos'/ },
  // The largest maxBytes is the parser's own file limit too: both trip in one write, which must not crash the parser.
  { what: 'a file over the largest maxBytes of the form', parts: [{ name: 'avatar', filename: 'a.txt', data: 'x'.repeat(5000) }], tune: { maxFileBytes: 1024 }, status: 413, limit: 'fileBytes', message: /limit of 4096 bytes/ },
  { what: 'two files where one is allowed', parts: [{ name: 'avatar', filename: 'a.png', data: PNG }, { name: 'avatar', filename: 'b.png', data: PNG }], status: 413, limit: 'fieldFiles', message: /Form field 'avatar' holds more than 1 file$/ },
  { what: 'more files than a field allows', parts: [{ name: 'avatar', filename: 'a.png', data: PNG }, ...[1, 2, 3, 4].map((n) => ({ name: 'photos', filename: `${n}`, data: 'x' }))], status: 413, limit: 'fieldFiles', message: /Form field 'photos' holds more than 3 files/ },
  { what: 'more text fields than allowed', parts: [...[1, 2, 3].map((n) => ({ name: `f${n}`, data: 'x' })), { name: 'avatar', filename: 'a.png', data: PNG }], tune: { maxFields: 2 }, status: 413, limit: 'fields', message: /more than the limit of 2 text fields/ },
  { what: 'more parts than allowed', parts: [...[1, 2, 3].map((n) => ({ name: `f${n}`, data: 'x' })), { name: 'avatar', filename: 'a.png', data: PNG }], tune: { maxParts: 2 }, status: 413, limit: 'parts', message: /more than the limit of 2 parts/ },
  { what: 'a field name over the limit', parts: [{ name: 'n'.repeat(40), data: 'x' }], tune: { maxFieldNameBytes: 32 }, status: 413, limit: 'fieldNameBytes', message: /name is longer than the limit of 32 bytes/ },
  // 20 characters, 40 bytes of UTF-8: the limit counts bytes.
  { what: 'a field name over the limit in bytes, not in characters', parts: [{ name: 'é'.repeat(20), data: 'x' }], tune: { maxFieldNameBytes: 32 }, status: 413, limit: 'fieldNameBytes', message: /name is longer than the limit of 32 bytes/ },
  { what: 'a field value over the limit', parts: [{ name: 'title', data: 'x'.repeat(100) }], tune: { maxFieldBytes: 64 }, status: 413, limit: 'fieldBytes', message: /Form field 'title' is longer than the limit of 64 bytes/ },
  { what: 'a body over the body limit', parts: [{ name: 'avatar', filename: 'a.txt', data: 'x'.repeat(3000) }], bodyLimit: 2000, status: 413, limit: 'bodyBytes', message: /larger than the limit of 2000 bytes/ },
  { what: 'a __proto__ field', parts: [{ name: '__proto__', data: 'x' }], status: 400, message: /may not be named '__proto__'/ },
  { what: 'a constructor file', parts: [{ name: 'constructor', filename: 'c', data: 'x' }], status: 400, message: /may not be named 'constructor'/ },
  { what: 'a part without a name', parts: [{ filename: 'a.png', data: PNG }], status: 400, message: /has no name/ },
  { what: 'a file in an undeclared field', parts: [{ name: 'other', filename: 'a.png', data: PNG }], status: 400, message: /'other' is a file, but this route takes files in 'avatar', 'photos' only/ },
  { what: 'bytes that lie about their type', parts: [{ name: 'avatar', filename: 'a.png', type: 'image/png', data: Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0, 1, 2]) }], status: 415, message: /File 'avatar' is application\/pdf by its bytes; it must be one of image\/png, text\/plain/ },
  { what: 'a missing required file', parts: [{ name: 'title', data: 'x' }], status: 400, message: /no file in field 'avatar'/ },
  { what: 'a truncated body', bytes: body([{ name: 'avatar', filename: 'a.png', data: PNG }], false), status: 400, message: /truncated/ },
  { what: 'a Content-Type without a boundary', parts: [{ name: 'title', data: 'x' }], type: 'multipart/form-data', status: 400, message: /no boundary parameter/ },
  { what: 'a JSON Content-Type', parts: [{ name: 'title', data: 'x' }], type: 'application/json', status: 400, message: /must be sent as multipart\/form-data \(got 'application\/json'\)/ },
];

for (const refusal of refusals) {
  reader(`refuses ${refusal.what}`, async ({ limits, dir }) => {
    const { error, dispose } = await read({ ...limits, ...refusal.tune }, refusal.bytes ?? body(refusal.parts!), { type: refusal.type, bodyLimit: refusal.bodyLimit });
    assert.ok(error, 'refused');
    assert.is(error.status, refusal.status);
    assert.match(error.message, refusal.message);
    if (refusal.limit) assert.is(error.toJSON().limit, refusal.limit);
    await dispose?.();
    assert.equal(readdirSync(dir), [], 'nothing left on disk');
  });
}

reader('without a way to learn that the call ended (a host without a filesystem): files in memory, the body bounded by inMemoryBodyBytes', async ({ limits, dir }) => {
  const memoryOnly = { ...limits, inMemoryBodyBytes: 2500 };
  const read = (bytes: number) => new FormReader(entry, memoryOnly, 1 << 20).read(streamSource(chunks(body([{ name: 'avatar', filename: 'a.txt', data: 'x'.repeat(bytes) }]))), TYPE, undefined, undefined);
  const form = await read(2000);
  assert.is(form.files.get('avatar')![0]!.size, 2000);
  assert.equal(readdirSync(dir), [], 'above memoryBytes, yet nothing written to disk');
  try {
    await read(3000);
    assert.unreachable('refused');
  } catch (error) {
    assert.is((error as HttpException).status, 413);
    assert.match((error as HttpException).message, /limit of 2500 bytes/);
  }
});

reader('stops reading at the limit: the rest of a long body is never pulled', async ({ limits }) => {
  let pulled = 0;
  async function* endless(): AsyncGenerator<Uint8Array> {
    yield body([{ name: 'avatar', filename: 'a.txt', data: '' }], false).subarray(0, -2);
    for (;;) {
      // Chunks come apart, as from a socket.
      await new Promise((resolve) => setImmediate(resolve));
      pulled++;
      yield new Uint8Array(1000).fill(0x61);
    }
  }
  const { error } = await read(limits, new Uint8Array(), { source: endless() });
  assert.is(error?.status, 413);
  assert.ok(pulled < 10, `pulled ${pulled} chunks`);
});

reader('a client gone mid-file: a 400 aborted, and its temporary file deleted', async ({ limits, dir }) => {
  async function* cut(): AsyncGenerator<Uint8Array> {
    yield body([{ name: 'avatar', filename: 'a.png', data: PNG }, { name: 'photos', filename: 'p', data: 'x'.repeat(3000) }], false).subarray(0, -100);
    await new Promise((resolve) => setTimeout(resolve, 20));
    throw new Error('socket hang up');
  }
  const { error } = await read(limits, new Uint8Array(), { source: cut() });
  assert.is(error?.name, 'RequestAbortedException');
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(readdirSync(dir), []);
});

reader('a file held in memory keeps its bytes when the parser reuses its buffers: chunks cut inside boundary look-alikes', async ({ limits }) => {
  // The parser keeps a chunk's tail that could begin the boundary in a buffer of its own, and hands
  // it on as file data when the next chunk shows it was not: the held file must not see that buffer change.
  const lines = Array.from({ length: 40 }, (_, index) => `line ${index}\r\n--${BOUNDARY.slice(0, 8)}NOT${'q'.repeat(index)}`);
  const text = lines.join('');
  const bytes = body([{ name: 'avatar', filename: 'notes.txt', data: text }, { name: 'note', data: `\r\n--${BOUNDARY.slice(0, 5)}` }]);
  const cuts: number[] = [];
  const look = Buffer.from(`\r\n--${BOUNDARY.slice(0, 8)}`);
  for (let at = Buffer.from(bytes).indexOf(look); at >= 0; at = Buffer.from(bytes).indexOf(look, at + 1)) cuts.push(at + look.length);
  async function* cutInsideLookAlikes(): AsyncGenerator<Uint8Array> {
    let from = 0;
    // Each chunk its own copy, as a socket's reads are.
    for (const to of [...cuts, bytes.length]) yield bytes.slice(from, (from = to));
  }
  const { form, error } = await read({ ...limits, memoryBytes: 1 << 20 }, bytes, { source: cutInsideLookAlikes() });
  assert.is(error, undefined);
  assert.ok(cuts.length > 30, `${cuts.length} cuts`);
  assert.is(await form!.files.get('avatar')![0]!.text(), text);
  assert.is(form!.fields['note'], `\r\n--${BOUNDARY.slice(0, 5)}`);
});

reader('fields named like methods of Object.prototype are fields like any other', async ({ limits }) => {
  // `__proto__` and `constructor` are refused as names (see the refusals above).
  const { form, dispose } = await read(limits, body([
    { name: 'toString', data: 'a' },
    { name: 'hasOwnProperty', data: 'b' },
    { name: 'hasOwnProperty', data: 'c' },
    { name: 'avatar', filename: 'a.png', data: PNG },
  ]));
  assert.equal({ ...form!.fields }, { toString: 'a', hasOwnProperty: ['b', 'c'] });
  await dispose?.();
});

reader.run();
