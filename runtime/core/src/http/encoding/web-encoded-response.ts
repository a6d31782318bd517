import { compressedEtag, compressionFor, entityTag, notModifiedVary, withVary, type AnswerEncoding, type Compressors, type EncodingRequest } from './answer-encoding.js';

/**
 * A route's Web `Response` with its encoding applied, host-neutral: tagged for conditional GET
 * (the body read once to hash it; a 304 without a body when the client has it), then compressed
 * through the host's compressors (`CompressionStream` on the fetch hosts, `node:zlib` on Node),
 * streamed; `Vary: Accept-Encoding` whenever the coding depended on it. A HEAD gets the head its
 * GET would have (its `Content-Encoding`, no `Content-Length`) without a body.
 *
 * @example
 * const sent = await encodeResponse(route.encoding, { method: 'GET', header: (n) => request.headers.get(n) ?? undefined }, response, webCompressors);
 */
export async function encodeResponse(encoding: AnswerEncoding, request: EncodingRequest, response: Response, compressors: Compressors): Promise<Response> {
  if (response.body === null || response.bodyUsed) return response;
  const headers = new Headers(response.headers);
  const header = (name: string) => headers.get(name) ?? undefined;
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  // An event stream never ends: it is neither hashed nor compressed.
  if ((header('content-type') ?? '').startsWith('text/event-stream')) return response;
  if (encoding.etag && (request.method === 'GET' || request.method === 'HEAD') && response.status === 200 && !headers.has('etag')) {
    bytes = new Uint8Array(await response.arrayBuffer());
    const tag = entityTag(request, response.status, header, bytes)!;
    headers.set('etag', tag.etag);
    if (tag.notModified) {
      const vary = notModifiedVary(encoding.compression, request, header, bytes.byteLength);
      if (vary !== undefined) headers.set('vary', vary);
      headers.delete('content-type');
      headers.delete('content-length');
      return new Response(null, { status: 304, headers });
    }
  }
  const declared = header('content-length');
  let size = bytes?.byteLength ?? (declared === undefined ? undefined : Number(declared));
  let body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> = bytes ?? response.body;
  // A body of unknown length is read up to the threshold: what ends below it is sent as it is.
  if (size === undefined && encoding.compression && body instanceof ReadableStream) {
    const peeked = await peek(body, encoding.compression.threshold);
    body = peeked.body;
    size = peeked.size;
  }
  const choice = encoding.compression && compressionFor(encoding.compression, request, response.status, header, size, (coding) => compressors.can(coding));
  if (choice) headers.set('vary', withVary(header('vary')));
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!choice || choice.coding === 'identity') return new Response(body, init);
  headers.delete('content-length');
  headers.set('content-encoding', choice.coding);
  const etag = header('etag');
  if (etag !== undefined) headers.set('etag', compressedEtag(etag));
  // HEAD: the GET's head, whose streamed body has no length; nothing is compressed to be dropped.
  if (request.method === 'HEAD') {
    if (body instanceof ReadableStream) body.cancel().catch(() => undefined);
    return new Response(null, init);
  }
  const source = body instanceof Uint8Array ? new Blob([body]).stream() : body;
  return new Response(source.pipeThrough(compressors.stream(choice.coding, encoding.compression!)), init);
}

/**
 * Reads a stream until `threshold` bytes or its end: the whole body and its size when it ended
 * first, else a stream of what was read followed by the rest, and an unknown size.
 */
async function peek(stream: ReadableStream<Uint8Array>, threshold: number): Promise<{ body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>; size: number | undefined }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  while (read < threshold) {
    const next = await reader.read();
    if (next.done) {
      const whole = new Uint8Array(read);
      let at = 0;
      for (const chunk of chunks) {
        whole.set(chunk, at);
        at += chunk.byteLength;
      }
      return { body: whole, size: read };
    }
    chunks.push(next.value);
    read += next.value.byteLength;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { body: rest, size: undefined };
}
