import type { ResolvedCompression } from './compression-options.js';
import type { Coding } from './negotiate.js';

/** The codings a host can make, a stream that makes one, and a whole body compressed at once. */
export interface Compressors {
  can(coding: Coding): boolean;
  /** A stream compressing into `coding` (one `can` said yes to). */
  stream(coding: Coding, compression: ResolvedCompression): TransformStream<Uint8Array, Uint8Array>;
  /**
   * A whole body compressed into `coding`: at once for a small body on Node (`SYNC_BELOW`), on
   * zlib's thread pool for a larger one, through a stream elsewhere.
   */
  whole(coding: Coding, compression: ResolvedCompression, body: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

/**
 * A compressor that emits everything it was given so far at each `flush` (an event stream's
 * event): `node:zlib`'s sync flush. `output` receives the compressed bytes as they come.
 */
export interface FlushingCompressor {
  /**
   * Compresses `chunk` and flushes, so that its bytes can be decompressed on their own; false once
   * the compressor holds more than its buffer (then wait for `drained`): it works off the thread,
   * so a writer that never waits would queue everything in front of it.
   */
  write(chunk: string | Uint8Array): boolean;
  /** Resolves once the compressor took what it held, or was dropped. */
  drained(): Promise<void>;
  /** Ends the compressed stream; `done` is called after its last bytes went to `output`. */
  end(done: () => void): void;
  /** Drops the compressor (the client went away). */
  destroy(): void;
}

/** The compressors that can flush per write (`node:zlib`), for event streams. */
export interface FlushingCompressors {
  flushing(coding: Coding, compression: ResolvedCompression, output: (bytes: Uint8Array) => void): FlushingCompressor;
}
