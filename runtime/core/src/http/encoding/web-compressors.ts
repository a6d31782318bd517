import type { Compressors } from './compressors.js';

/**
 * The compressors of a host without `node:zlib`: gzip through `CompressionStream` (Brotli and
 * zstd are not among its formats).
 *
 * @example
 * const stream = webCompressors.stream('gzip', compression);
 */
export const webCompressors: Compressors = {
  can: (coding) => coding === 'gzip' && typeof CompressionStream === 'function',
  stream: () => new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>,
  whole: async (_coding, _compression, body) =>
    new Uint8Array(await new Response(new Blob([body as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>)).arrayBuffer()),
};
