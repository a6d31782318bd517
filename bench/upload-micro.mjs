// Where a form route's CPU goes without the network: one 256 KiB file (the `upload-256k` row's
// body) read by the FormReader from a stream of chunks already in memory (64 KiB each, as Node's
// socket reads hand them over) the way the Node host port gives it, its type told and its bytes
// read (`arrayBuffer()`), as the bench app's handler does. Alternated rounds, the best round's µs per form: a figure that a busy machine (whose
// rounds of `cpu-per-request.mjs` can read 2× apart) disturbs much less, for A/B of the upload
// path. Needs `npm run build:framework`.
//
// `--runtime <dir>` measures another build of runtime/core's `dist` (a copy kept from another
// commit), for A/B in alternated runs.
//
//   node bench/upload-micro.mjs [--forms 2000] [--rounds 15] [--runtime runtime/core/dist]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { multipartBody } from './lib/scenarios.mjs';

const { values: opt } = parseArgs({
  options: { forms: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '15' }, runtime: { type: 'string', default: new URL('../runtime/core/dist', import.meta.url).pathname } },
});
const from = (path) => import(pathToFileURL(resolve(opt.runtime, path)).href);
const { FormReader } = await from('http/uploads/form-reader.js');
const { streamSource } = await from('http/uploads/body-source.js');
const { DEFAULT_UPLOAD_LIMITS } = await from('http/uploads/upload-limits.js');
// The body as the Node host port gives it: pushed from the request stream's events where the
// runtime has that source, else through the port's iterator (the stream's async iterator in a generator).
const { readableSource } = await from('http/uploads/readable-source.js').catch(() => ({}));
const forms = Number(opt.forms);
const rounds = Number(opt.rounds);

const { body, contentType } = multipartBody({ field: 'file', filename: 'data.bin', bytes: 256 * 1024 });
const chunks = [];
for (let at = 0; at < body.length; at += 65536) chunks.push(body.subarray(at, at + 65536));
const reader = new FormReader({ files: [{ field: 'file', maxCount: 1, maxBytes: 512 * 1024, required: true }] }, DEFAULT_UPLOAD_LIMITS, 1024 * 1024);
const length = String(body.length);

/** One form as a request brings it: read, the file's type and bytes taken, its disposal run. */
async function one() {
  let dispose;
  const body = requestStream();
  const source = readableSource ? readableSource(body, 1024 * 1024) : streamSource(portIterator(body));
  const form = await reader.read(source, contentType, length, (run) => (dispose = run));
  const file = form.files.get('file')[0];
  const bytes = await file.arrayBuffer();
  if (bytes.byteLength !== 256 * 1024 || file.type !== 'text/plain') throw new Error(`read ${bytes.byteLength} bytes of ${file.type}`);
  await dispose();
}
/** A request's body stream: each chunk a fresh Buffer over the same bytes, as a socket's reads; `complete` at its end. */
function requestStream() {
  const stream = new Readable({ read() {} });
  stream.complete = false;
  const push = stream.push.bind(stream);
  for (const chunk of chunks) push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  stream.complete = true;
  push(null);
  return stream;
}
/** The Node port's `bodyStream` before it had a push source. */
async function* portIterator(stream) {
  for await (const chunk of stream.iterator({ destroyOnReturn: false })) yield chunk;
}

for (let index = 0; index < 500; index++) await one();
let best = Infinity;
const all = [];
for (let round = 0; round < rounds; round++) {
  const start = process.hrtime.bigint();
  for (let index = 0; index < forms; index++) await one();
  const us = Number(process.hrtime.bigint() - start) / forms / 1000;
  all.push(us);
  best = Math.min(best, us);
}
all.sort((a, b) => a - b);
console.log(`one 256 KiB form read, typed and copied: best ${best.toFixed(2)} µs, median ${all[all.length >> 1].toFixed(2)} µs (${rounds} rounds of ${forms}, Node ${process.versions.node})`);
