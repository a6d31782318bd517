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
