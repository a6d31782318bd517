import type { Coding } from './negotiate.js';

/**
 * Options of `compression` (`new FrameworkApplication(tables, { compression: true })`).
 *
 * @example
 * new FrameworkApplication(tables, { compression: { threshold: 2048, codings: ['gzip'] } });
 */
export interface CompressionOptions {
  /** Bodies smaller than this many bytes are sent as they are (default 1024: below it, the headers cost more than the saving). */
  readonly threshold?: number;
  /**
   * The codings offered, in the server's order of preference (default `['br', 'zstd', 'gzip']`);
   * each host offers those it can make: with `node:zlib` (Node, Deno, Bun, a Worker under
   * `nodejs_compat`) `br`, `gzip` and, where its zlib has it (Node 22.15 and later), `zstd`;
   * without it `gzip` (`CompressionStream`).
   */
  readonly codings?: readonly Exclude<Coding, 'identity'>[];
  /** gzip's level, 1 (fastest) to 9 (smallest); default 6, zlib's own. */
  readonly gzipLevel?: number;
  /** Brotli's quality, 0 to 11; default 4 (11, Brotli's own default, costs ten times the CPU for a few percent). */
  readonly brotliQuality?: number;
  /**
   * Compress `@Sse()` event streams too, flushing the compressor after each event (and heartbeat)
   * so that each reaches the client as it is sent; default false. Where the runtime has
   * `node:zlib` (Node, Deno, Bun); elsewhere event streams stay uncompressed.
   */
  readonly eventStreams?: boolean;
}

/** Compression as resolved once at construction. */
export interface ResolvedCompression {
  readonly threshold: number;
  /** The codings offered, then `identity`. */
  readonly available: readonly Coding[];
  readonly gzipLevel: number;
  readonly brotliQuality: number;
  readonly eventStreams: boolean;
}

/**
 * `compression: true | {…}` with its defaults, checked; undefined when off.
 *
 * @example
 * resolveCompression(true); // { threshold: 1024, available: ['br', 'zstd', 'gzip', 'identity'], gzipLevel: 6, brotliQuality: 4, eventStreams: false }
 */
export function resolveCompression(option: boolean | CompressionOptions | undefined): ResolvedCompression | undefined {
  if (option === undefined || option === false) return undefined;
  const { threshold = 1024, codings, gzipLevel = 6, brotliQuality = 4, eventStreams = false } = option === true ? {} : option;
  const whole = (name: string, value: number, low: number, high: number) => {
    if (!Number.isInteger(value) || value < low || value > high) throw new TypeError(`FrameworkApplication: compression.${name} must be a whole number from ${low} to ${high}; got ${String(value)}.`);
  };
  whole('threshold', threshold, 0, Number.MAX_SAFE_INTEGER);
  whole('gzipLevel', gzipLevel, 1, 9);
  whole('brotliQuality', brotliQuality, 0, 11);
  const offered = codings ?? ['br', 'zstd', 'gzip'];
  for (const coding of offered) {
    if (coding !== 'br' && coding !== 'gzip' && coding !== 'zstd') throw new TypeError(`FrameworkApplication: compression.codings lists 'br', 'gzip' or 'zstd'; got ${JSON.stringify(coding)}.`);
  }
  if (typeof eventStreams !== 'boolean') throw new TypeError(`FrameworkApplication: compression.eventStreams is true or false; got ${JSON.stringify(eventStreams)}.`);
  return { threshold, available: [...offered, 'identity'], gzipLevel, brotliQuality, eventStreams };
}
