import type { Compressors } from './compressors.js';

/**
 * The compressors of the host the application runs on, loaded on first need: `node:zlib` (Brotli,
 * gzip, zstd where it has it) where the runtime gives it (Node, Deno, Bun), else the Web
 * `CompressionStream` (gzip). Loaded once per application, held here rather than in a module
 * global; `ready` is set once loaded, so answers after the first take no extra turn.
 *
 * @example
 * const compressors = new HostCompressors();
 * const zlib = compressors.ready ?? (await compressors.load());
 */
export class HostCompressors {
  ready: Compressors | undefined;
  private loading?: Promise<Compressors>;

  load(): Promise<Compressors> {
    this.loading ??= import('./node-compressors.js').then(
      ({ nodeCompressors }) => nodeCompressors,
      async () => (await import('./web-compressors.js')).webCompressors,
    ).then((compressors) => (this.ready = compressors));
    return this.loading;
  }
}
