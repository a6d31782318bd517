import type { AnswerHeaders, HostExchange } from '../pipeline/host-exchange.js';
import { compressedEtag, compressionFor, entityTag, notModifiedVary, withVary, type AnswerEncoding, type Compressors, type EncodingRequest } from './answer-encoding.js';
import { encodeResponse } from './web-encoded-response.js';

const encoder = new TextEncoder();

/** The request of an exchange, as the encoding reads it. */
const requestOf = (exchange: HostExchange): EncodingRequest => ({ method: exchange.method, header: (name) => exchange.header(name) });

/**
 * Sends a whole text or JSON body with the route's encoding, through the port: a weak `ETag` and
 * the 304 it allows, then, above the threshold and when the client accepts one, the body
 * compressed at once (zlib's thread pool on Node) with its new length and `Vary`. `head` has the
 * plain body's type and length already. A promise only while the host's compressors first load
 * or a body is being compressed. A HEAD is compressed as its GET is, so that its head carries the
 * GET's `Content-Encoding` and `Content-Length` (RFC 9110 §8.6); the host leaves the body out.
 *
 * @example
 * sendEncodedBody(exchange, 200, { 'content-type': 'application/json', 'content-length': 20480 }, text, route.encoding);
 */
export function sendEncodedBody(exchange: HostExchange, status: number, head: AnswerHeaders, body: string, encoding: AnswerEncoding): void | Promise<void> {
  const request = requestOf(exchange);
  const header = (name: string): string | undefined => (head[name] === undefined ? undefined : String(head[name]));
  if (encoding.etag) {
    const tag = entityTag(request, status, header, body);
    if (tag?.notModified) {
      const vary = notModifiedVary(encoding.compression, request, header, Number(head['content-length']));
      if (vary !== undefined) head.vary = vary;
      delete head['content-type'];
      delete head['content-length'];
      head.etag = tag.etag;
      return exchange.send(304, head, undefined);
    }
    if (tag) head.etag = tag.etag;
  }
  const { compression, compressors } = encoding;
  if (!compression) return exchange.send(status, head, body);
  const send = (ready: Compressors): void | Promise<void> => {
    const choice = compressionFor(compression, request, status, header, Number(head['content-length']), ready.can);
    if (choice) head.vary = withVary(header('vary'));
    if (!choice || choice.coding === 'identity') return exchange.send(status, head, body);
    const sendCompressed = (compressed: Uint8Array): void => {
      head['content-encoding'] = choice.coding;
      head['content-length'] = compressed.byteLength;
      if (head.etag !== undefined) head.etag = compressedEtag(String(head.etag));
      exchange.send(status, head, compressed);
    };
    let compressed: Uint8Array | Promise<Uint8Array>;
    try {
      compressed = ready.whole(choice.coding, compression, encoder.encode(body));
    } catch {
      return exchange.cut(); // as a failed compression on the pool: the answer cannot be sent as promised
    }
    if (compressed instanceof Uint8Array) return sendCompressed(compressed);
    return compressed.then(sendCompressed, () => exchange.cut());
  };
  if (compressors.ready) return send(compressors.ready);
  // An answer decided without the host's codecs (too small, not compressible…) does not load them.
  let asked = false;
  const undecided = compressionFor(compression, request, status, header, Number(head['content-length']), () => (asked = true));
  return !asked && !undecided ? exchange.send(status, head, body) : compressors.load().then(send);
}

/**
 * Sends a handler's Web `Response` with the route's encoding (hashed for conditional GET,
 * compressed as it streams), then as `exchange.sendResponse` does.
 *
 * @example
 * await sendEncodedResponse(exchange, new Response(csv, { headers: { 'content-type': 'text/csv' } }), callHeaders, route.encoding);
 */
export async function sendEncodedResponse(exchange: HostExchange, response: Response, headers: AnswerHeaders | undefined, encoding: AnswerEncoding): Promise<void> {
  const compressors = encoding.compressors.ready ?? (await encoding.compressors.load());
  await exchange.sendResponse(await encodeResponse(encoding, requestOf(exchange), response, compressors), headers);
}
