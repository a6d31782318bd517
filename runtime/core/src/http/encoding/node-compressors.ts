// Loaded on first need by `HostCompressors`: Node, Deno and Bun give `node:zlib`.
import { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import type { Compressors } from './compressors.js';
import type { ResolvedCompression } from './compression-options.js';
import type { Coding } from './negotiate.js';

type ZstdZlib = typeof zlib & {
  zstdCompress?: (buffer: Uint8Array, callback: (error: Error | null, result: Buffer) => void) => void;
  createZstdCompress?: () => Duplex;
};
const zstd = zlib as ZstdZlib;

function compressorStream(coding: Coding, compression: ResolvedCompression): Duplex {
  if (coding === 'br') return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality } });
  if (coding === 'zstd') return zstd.createZstdCompress!();
  return zlib.createGzip({ level: compression.gzipLevel });
}

/**
 * What `node:zlib` compresses: Brotli and gzip, and zstd where this runtime has it (Node 22.15
 * and later); a whole body on zlib's thread pool, a stream through a zlib stream.
 *
 * @example
 * const gz = await nodeCompressors.whole('gzip', compression, bytes);
 */
export const nodeCompressors: Compressors = {
  can: (coding) => coding === 'br' || coding === 'gzip' || (coding === 'zstd' && typeof zstd.createZstdCompress === 'function'),
  stream: (coding, compression) => Duplex.toWeb(compressorStream(coding, compression)) as unknown as TransformStream<Uint8Array, Uint8Array>,
  whole: (coding, compression, body) =>
    new Promise((resolve, reject) => {
      const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
      if (coding === 'br') {
        zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }, done);
      } else if (coding === 'zstd') zstd.zstdCompress!(body, done);
      else zlib.gzip(body, { level: compression.gzipLevel }, done);
    }),
};
