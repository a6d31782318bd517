// Loaded on first need by `HostCompressors`: Node, Deno and Bun give `node:zlib`.
import { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import type { Compressors, FlushingCompressor, FlushingCompressors } from './compressors.js';
import type { ResolvedCompression } from './compression-options.js';
import type { Coding } from './negotiate.js';

type ZstdZlib = typeof zlib & {
  zstdCompress?: (buffer: Uint8Array, callback: (error: Error | null, result: Buffer) => void) => void;
  zstdCompressSync?: (buffer: Uint8Array) => Buffer;
  createZstdCompress?: () => Duplex & { flush(kind?: number): void };
};
const zstd = zlib as ZstdZlib;

function compressorStream(coding: Coding, compression: ResolvedCompression): Duplex & { flush(kind?: number): void } {
  if (coding === 'br') return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality } });
  if (coding === 'zstd') return zstd.createZstdCompress!();
  return zlib.createGzip({ level: compression.gzipLevel });
}

/**
 * Bodies up to this many bytes are compressed on the calling thread. Handing a small body to
 * zlib's thread pool costs more CPU than compressing it: a 15 KiB JSON answer took 38–42 µs with
 * `gzipSync` and 66–119 µs with `gzip` alone, 130–150 µs each with 20 at once (thread wake-ups
 * and hand-offs), while the event loop is held for ~40 µs. Above it (~200 µs of gzip at level 6)
 * the pool keeps the loop free.
 */
export const SYNC_BELOW = 64 * 1024;

/**
 * What `node:zlib` compresses: Brotli and gzip, and zstd where this runtime has it (Node 22.15
 * and later); a whole body at once up to `SYNC_BELOW` bytes and on zlib's thread pool above, a
 * stream through a zlib stream.
 *
 * @example
 * const gz = await nodeCompressors.whole('gzip', compression, bytes);
 */
export const nodeCompressors: Compressors & FlushingCompressors = {
  can: (coding) => coding === 'br' || coding === 'gzip' || (coding === 'zstd' && typeof zstd.createZstdCompress === 'function'),
  stream: (coding, compression) => Duplex.toWeb(compressorStream(coding, compression)) as unknown as TransformStream<Uint8Array, Uint8Array>,
  whole: (coding, compression, body) => (body.byteLength <= SYNC_BELOW ? compressNow(coding, compression, body) : compressOnPool(coding, compression, body)),
  flushing: (coding, compression, output) => flushingCompressor(compressorStream(coding, compression), coding, output),
};

/** A zlib stream flushed after each write: gzip's sync flush, Brotli's and zstd's own flush. */
function flushingCompressor(stream: Duplex & { flush(kind?: number): void }, coding: Coding, output: (bytes: Uint8Array) => void): FlushingCompressor {
  stream.on('data', output);
  stream.on('error', () => undefined); // a destroyed stream's late write; the answer is cut by then
  return {
    write(chunk) {
      const room = stream.write(chunk);
      if (coding === 'gzip') stream.flush(zlib.constants.Z_SYNC_FLUSH);
      else stream.flush();
      return room;
    },
    drained: () =>
      new Promise<void>((resolve) => {
        if (!stream.writableNeedDrain || stream.destroyed) return resolve();
        const done = (): void => {
          stream.off('drain', done);
          stream.off('close', done);
          resolve();
        };
        stream.once('drain', done);
        stream.once('close', done);
      }),
    end(done) {
      stream.once('end', done);
      stream.end();
    },
    destroy: () => void stream.destroy(),
  };
}

function compressNow(coding: Coding, compression: ResolvedCompression, body: Uint8Array): Uint8Array {
  if (coding === 'br') return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });
  if (coding === 'zstd') return zstd.zstdCompressSync!(body);
  return zlib.gzipSync(body, { level: compression.gzipLevel });
}

function compressOnPool(coding: Coding, compression: ResolvedCompression, body: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'br') {
      zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }, done);
    } else if (coding === 'zstd') zstd.zstdCompress!(body, done);
    else zlib.gzip(body, { level: compression.gzipLevel }, done);
  });
}
