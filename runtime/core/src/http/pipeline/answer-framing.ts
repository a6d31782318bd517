import { isNullBodyStatus } from '../answer-rules.js';
import type { AnswerHeaders } from './host-exchange.js';

// How an answer's body is delimited is the host's to write: a `Content-Length` that is not the
// body's length, or a `Transfer-Encoding` beside the host's own length, makes a keep-alive
// client (or a proxy's pooled connection) read the bytes of the next answer as this one's, or
// wait for bytes that never come.

const DECIMAL = /^\d{1,15}$/;

/**
 * A handler's `Response` as a host can frame it: its `Transfer-Encoding` dropped (the host frames
 * the body), a declared `Content-Length` held to the body, which fails when it runs past it or
 * ends short (a 500 while the head is unsent, a cut connection after), and dropped from a
 * `Response` without a body unless it answers HEAD (or has a null-body status). The same
 * `Response` when it declares neither.
 *
 * @example
 * framedResponse(new Response('short', { headers: { 'content-length': '100' } }), 'GET');
 * // its body fails once it ends: 5 bytes, not the 100 declared
 */
export function framedResponse(response: Response, method: string): Response {
  const declared = response.headers.get('content-length');
  if (declared === null && !response.headers.has('transfer-encoding')) return response;
  const headers = new Headers(response.headers);
  headers.delete('transfer-encoding');
  const init = { status: response.status, statusText: response.statusText, headers };
  if (declared === null) return new Response(response.body, init);
  if (response.body === null) {
    if (method !== 'HEAD' && !isNullBodyStatus(response.status)) headers.delete('content-length');
    return new Response(null, init);
  }
  if (!DECIMAL.test(declared)) throw new TypeError(`The handler's Response declares Content-Length: ${JSON.stringify(declared.slice(0, 40))}, which is no length in bytes.`);
  return new Response(heldTo(response.body, Number(declared)), init);
}

/** The body's bytes, failing once they run past `length` or end short of it. */
function heldTo(body: ReadableStream<Uint8Array>, length: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const mismatch = (what: string) => new Error(`The handler's Response declares Content-Length: ${length}, but its body ${what}.`);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        if (sent > length) throw mismatch('runs past it');
        controller.enqueue(chunk);
      },
      flush() {
        if (sent < length) throw mismatch(`ends after ${sent} bytes`);
      },
    }),
  );
}

/**
 * The call's headers of an answer without a body: a `Content-Length` dropped unless the answer is
 * to HEAD (a `@Head()` route stating its resource's length) or has a null-body status.
 *
 * @example
 * bodilessHeaders({ 'content-length': 50, 'x-a': '1' }, 'GET', 200); // { 'x-a': '1' }
 */
export function bodilessHeaders(headers: AnswerHeaders | undefined, method: string, status: number): AnswerHeaders | undefined {
  if (headers?.['content-length'] === undefined || method === 'HEAD' || isNullBodyStatus(status)) return headers;
  const { 'content-length': _dropped, ...rest } = headers;
  return rest;
}
