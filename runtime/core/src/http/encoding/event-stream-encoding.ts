import type { AnswerHeaders, BodySink, HostExchange } from '../pipeline/host-exchange.js';
import type { AnswerEncoding } from './answer-encoding.js';
import { withVary } from './answer-encoding.js';
import type { Compressors, FlushingCompressors } from './compressors.js';
import type { ResolvedCompression } from './compression-options.js';
import { preferredCodings, type Coding } from './negotiate.js';

const canFlush = (compressors: Compressors | undefined): compressors is Compressors & FlushingCompressors =>
  compressors !== undefined && typeof (compressors as Partial<FlushingCompressors>).flushing === 'function';

/**
 * Opens an event stream's body on the port, compressed when the route's encoding says so
 * (`compression.eventStreams`) and the client accepts a coding: each write (an event, a
 * heartbeat) is compressed and flushed at once, so the client can decode every event as it
 * arrives, not when a compressor's buffer fills. Otherwise, or where the host has no compressor
 * that flushes (no `node:zlib`), or before it has loaded, the body is opened as it is.
 *
 * @example
 * const sink = openEventStream(call.exchange, headers, route.encoding);
 * sink.write('data: 1\n\n'); // on the wire at once, gzip-compressed when the client asked for it
 */
export function openEventStream(exchange: HostExchange, headers: AnswerHeaders, encoding: AnswerEncoding | undefined): BodySink {
  const chosen = eventStreamCoding(exchange, headers, encoding);
  if (!chosen) return exchange.openBody(200, headers);
  const { coding, compression, compressors } = chosen;
  const sink = exchange.openBody(200, headers);
  // The compressor hands its bytes over a moment later (zlib works off the thread): the host's
  // buffer being full is remembered from those writes until the host takes more. The compressor's
  // own buffer counts too: a generator that never waits would otherwise queue every event in front
  // of it, the compressed bytes coming only once the event loop turns.
  let full = false;
  let compressorFull = false;
  const compressor = compressors.flushing(coding, compression, (bytes) => {
    if (!sink.write(bytes)) full = true;
  });
  const hostReady = (): Promise<void> | void => (full ? sink.ready().then(() => void (full = false)) : undefined);
  return {
    write(chunk) {
      if (!compressor.write(chunk)) compressorFull = true;
      return !full && !compressorFull;
    },
    ready: () => (compressorFull ? compressor.drained().then(() => void (compressorFull = false)) : Promise.resolve()).then(hostReady),
    end: (atShutdown) => compressor.end(() => sink.end(atShutdown)),
    onGone(watcher) {
      sink.onGone({
        gone(reason: unknown) {
          compressor.destroy();
          watcher.gone(reason);
        },
      });
    },
  };
}

/**
 * Decides an event stream's coding as `openEventStream` does and writes it into `headers` (`Vary`,
 * `Content-Encoding`): undefined when it is sent as it is. A HEAD's head is decided the same way,
 * so it says what its GET would (RFC 9110 §9.3.2).
 *
 * @example
 * eventStreamCoding(exchange, headers, route.encoding); // { coding: 'gzip', … }, headers['content-encoding'] === 'gzip'
 */
export function eventStreamCoding(
  exchange: HostExchange,
  headers: AnswerHeaders,
  encoding: AnswerEncoding | undefined,
): { readonly coding: Coding; readonly compression: ResolvedCompression; readonly compressors: Compressors & FlushingCompressors } | undefined {
  const compression = encoding?.compression;
  const compressors = encoding?.compressors.ready;
  if (!compression?.eventStreams || !canFlush(compressors)) return undefined;
  headers.vary = withVary(headers.vary === undefined ? undefined : String(headers.vary));
  const coding = preferredCodings(exchange.header('accept-encoding'), compression.available.filter((each) => each === 'identity' || compressors.can(each)))[0];
  if (coding === undefined || coding === 'identity') return undefined;
  headers['content-encoding'] = coding;
  return { coding, compression, compressors };
}
