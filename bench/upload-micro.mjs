// Where a form route's CPU goes without the network: one 256 KiB file (the `upload-256k` row's
// body) read by the FormReader from a stream of chunks already in memory (64 KiB each, as Node's
// socket reads hand them over) the way the Node host port gives it, its type told and its bytes
// read (`arrayBuffer()`), as the bench app's handler does. Rounds of `--forms` forms, the best
// round's and the median round's µs per form: figures that a busy machine (whose rounds of
// `cpu-per-request.mjs` can read 2× apart) disturbs much less. Needs `npm run build:framework`.
//
// `--runtime <dir>`, given more than once, measures each build of runtime/core's `dist` (a copy
// kept from another commit) in one process, their rounds alternated: an A/B of the upload path.
//
//   node bench/upload-micro.mjs [--forms 1000] [--rounds 15] [--runtime runtime/core/dist …]
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { multipartBody } from './lib/scenarios.mjs';

const { values: opt } = parseArgs({
  options: { forms: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '15' }, runtime: { type: 'string', multiple: true } },
});
const forms = Number(opt.forms);
const rounds = Number(opt.rounds);
const runtimes = opt.runtime ?? [new URL('../runtime/core/dist', import.meta.url).pathname];

const { body, contentType } = multipartBody({ field: 'file', filename: 'data.bin', bytes: 256 * 1024 });
const chunks = [];
for (let at = 0; at < body.length; at += 65536) chunks.push(body.subarray(at, at + 65536));
const length = String(body.length);

/** One runtime's form read: `one()` reads a form as a request brings it. */
async function variant(dir) {
  const from = (path) => import(pathToFileURL(resolve(dir, path)).href);
  const { FormReader } = await from('http/uploads/form-reader.js');
  const { streamSource } = await from('http/uploads/body-source.js');
  const { DEFAULT_UPLOAD_LIMITS } = await from('http/uploads/upload-limits.js');
  // The body as the Node host port gives it: pushed from the request stream's events where the
  // runtime has that source, else through the port's iterator (the stream's async iterator in a generator).
  const { readableSource } = await from('http/uploads/readable-source.js').catch(() => ({}));
  const reader = new FormReader({ files: [{ field: 'file', maxCount: 1, maxBytes: 512 * 1024, required: true }] }, DEFAULT_UPLOAD_LIMITS, 1024 * 1024);
  return async function one() {
    let dispose;
    const stream = requestStream();
    const source = readableSource ? readableSource(stream, 1024 * 1024) : streamSource(portIterator(stream));
    const form = await reader.read(source, contentType, length, (run) => (dispose = run));
    const file = form.files.get('file')[0];
    const bytes = await file.arrayBuffer();
    if (bytes.byteLength !== 256 * 1024 || file.type !== 'text/plain') throw new Error(`read ${bytes.byteLength} bytes of ${file.type}`);
    await dispose();
  };
}

/** A request's body stream: each chunk a fresh Buffer over the same bytes, as a socket's reads; `complete` at its end. */
function requestStream() {
  const stream = new Readable({ read() {} });
  for (const chunk of chunks) stream.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  stream.complete = true;
  stream.push(null);
  return stream;
}
/** The Node port's `bodyStream` before it had a push source. */
async function* portIterator(stream) {
  for await (const chunk of stream.iterator({ destroyOnReturn: false })) yield chunk;
}

const measured = [];
for (const dir of runtimes) measured.push({ dir, one: await variant(dir), rounds: [] });
for (const { one } of measured) for (let index = 0; index < 300; index++) await one();
for (let round = 0; round < rounds; round++) {
  for (const entry of measured) {
    const start = process.hrtime.bigint();
    for (let index = 0; index < forms; index++) await entry.one();
    entry.rounds.push(Number(process.hrtime.bigint() - start) / forms / 1000);
  }
}
console.log(`one 256 KiB form read, typed and copied, µs (${rounds} alternated rounds of ${forms}, Node ${process.versions.node}):`);
for (const { dir, rounds: all } of measured) {
  all.sort((a, b) => a - b);
  console.log(`  ${dir}: best ${all[0].toFixed(2)}, median ${all[all.length >> 1].toFixed(2)}`);
}
