import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { compressionFor, entityTag, withVary, type AnswerEncoding, type Compressors, type EncodingRequest } from '../../encoding/answer-encoding.js';
import type { ResolvedCompression } from '../../encoding/compression-options.js';
import type { Coding } from '../../encoding/negotiate.js';
import { encodeResponse } from '../../encoding/web-encoded-response.js';
import { writeWebResponse } from './web-response.js';

type ZstdZlib = typeof zlib & {
  zstdCompress?: (buffer: Buffer, callback: (error: Error | null, result: Buffer) => void) => void;
  createZstdCompress?: () => zlib.Zlib & Duplex;
};
const zstd = zlib as ZstdZlib;

/** What Node's zlib compresses: Brotli and gzip, and zstd where this Node has it (22.15 and later). */
export const nodeCompressors: Compressors = {
  can: (coding) => coding === 'br' || coding === 'gzip' || (coding === 'zstd' && typeof zstd.createZstdCompress === 'function'),
  stream: (coding, compression) => Duplex.toWeb(compressorStream(coding, compression)) as unknown as TransformStream<Uint8Array, Uint8Array>,
};

function compressorStream(coding: Coding, compression: ResolvedCompression): Duplex {
  if (coding === 'br') return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality } });
  if (coding === 'zstd') return zstd.createZstdCompress!();
  return zlib.createGzip({ level: compression.gzipLevel });
}

/** Compresses a whole body on zlib's thread pool. */
function compressBody(coding: Coding, compression: ResolvedCompression, body: Buffer, done: (error: Error | null, result: Buffer) => void): void {
  if (coding === 'br') {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength };
    zlib.brotliCompress(body, { params }, done);
  } else if (coding === 'zstd') zstd.zstdCompress!(body, done);
  else zlib.gzip(body, { level: compression.gzipLevel }, done);
}

/** The request of a Node response, as the encoding reads it. */
function requestOf(outgoing: ServerResponse): EncodingRequest {
  const incoming = outgoing.req;
  return {
    method: incoming.method!,
    header: (name) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

const readerOf = (head: OutgoingHttpHeaders) => (name: string) => {
  const value = head[name];
  return value === undefined ? undefined : String(value);
};

/**
 * Writes a whole text or JSON body with the route's encoding (`encoding/answer-encoding.ts`):
 * a weak `ETag` and the 304 it allows, then, above the threshold and when the client accepts one,
 * the body compressed on zlib's thread pool with its new length. `head` already has the type and
 * length of the plain body.
 *
 * @example
 * writeEncodedBody(outgoing, 200, { 'content-type': 'application/json', 'content-length': 20480 }, text, route.encoding);
 */
export function writeEncodedBody(outgoing: ServerResponse, status: number, head: OutgoingHttpHeaders, body: string, encoding: AnswerEncoding): void {
  const request = requestOf(outgoing);
  const header = readerOf(head);
  if (encoding.etag) {
    const tag = entityTag(request, status, header, body);
    if (tag?.notModified) {
      delete head['content-type'];
      delete head['content-length'];
      head.etag = tag.etag;
      outgoing.writeHead(304, head);
      outgoing.end();
      return;
    }
    if (tag) head.etag = tag.etag;
  }
  const compression = encoding.compression;
  const choice = compression && compressionFor(compression, request, status, header, Number(head['content-length']), nodeCompressors.can);
  if (choice) head.vary = withVary(header('vary'));
  if (!choice || choice.coding === 'identity') {
    outgoing.writeHead(status, head);
    outgoing.end(body);
    return;
  }
  compressBody(choice.coding, compression, Buffer.from(body), (error, compressed) => {
    if (error) {
      outgoing.destroy(error);
      return;
    }
    head['content-encoding'] = choice.coding;
    head['content-length'] = compressed.byteLength;
    outgoing.writeHead(status, head);
    outgoing.end(compressed);
  });
}

/**
 * Writes a handler's Web `Response` with the route's encoding (its body hashed or compressed as
 * a stream through `node:zlib`), then as `writeWebResponse` does.
 *
 * @example
 * await writeEncodedResponse(outgoing, new Response(csv, { headers: { 'content-type': 'text/csv' } }), callHeaders, route.encoding);
 */
export async function writeEncodedResponse(outgoing: ServerResponse, response: Response, callHeaders: Record<string, string> | undefined, encoding: AnswerEncoding): Promise<void> {
  await writeWebResponse(outgoing, await encodeResponse(encoding, requestOf(outgoing), response, nodeCompressors), callHeaders);
}
