import type { HttpRouteEntry } from '../../contract/tables.js';
import type { AnswerEncoding } from './answer-encoding.js';
import type { ResolvedCompression } from './compression-options.js';
import { hasEtagMark } from './etag-decorator.js';
import type { HostCompressors } from './host-compressors.js';

/** The application's answer-encoding settings, resolved once. */
export interface EncodingSettings {
  readonly compression: ResolvedCompression | undefined;
  /** `etag: true`: conditional GET on every route. */
  readonly etag: boolean;
  /** The host's compressors, shared by the routes. */
  readonly compressors: HostCompressors;
}

/**
 * A route's `AnswerEncoding` from the application's settings and its `@ETag()`; undefined when
 * it does nothing (no compression, no tag), so the route's answers take the plain path. Streaming
 * routes have none (their frames are sent as they come), but an `@Sse()` route's when
 * `compression.eventStreams` is on (`event-stream-encoding.ts`: flushed after each event).
 *
 * @example
 * answerEncodingFor(entry, { compression: resolveCompression(true), etag: false, compressors: new HostCompressors() }); // { compression: {…}, etag: false, … }
 */
export function answerEncodingFor(entry: HttpRouteEntry, settings: EncodingSettings): AnswerEncoding | undefined {
  if (entry.stream) {
    if (entry.stream !== 'sse' || !settings.compression?.eventStreams) return undefined;
    // Loaded now: an event stream's head is written before any await, with or without compression.
    void settings.compressors.load();
    return { compression: settings.compression, etag: false, compressors: settings.compressors };
  }
  const etag = settings.etag || hasEtagMark(entry.handler);
  if (!etag && !settings.compression) return undefined;
  return { compression: settings.compression, etag, compressors: settings.compressors };
}
