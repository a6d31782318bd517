import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AnswerHeaders } from '../../pipeline/host-exchange.js';
import { callHeaderLines } from '../../pipeline/response-call-headers.js';
import { readyBody } from '../../pipeline/ready-body.js';

const TEXT = 'text/plain; charset=UTF-8';

/** A `Response`'s headers as Node's head, with what it takes of the call's (`callHeaderLines`). */
function mergedHeaders(response: Response, callHeaders: AnswerHeaders | undefined): OutgoingHttpHeaders {
  const head: OutgoingHttpHeaders = {};
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') head[name] = value;
  });
  const extra = callHeaderLines(response, callHeaders);
  if (extra) {
    for (const [name, line] of extra.lines) {
      const held = name === 'set-cookie' ? cookies : head[name];
      if (held === undefined) head[name] = line;
      else if (Array.isArray(held)) held.push(line);
      else head[name] = [String(held), line];
    }
    if (extra.vary !== undefined) head.vary = extra.vary;
  }
  if (cookies.length > 0) head['set-cookie'] = cookies;
  // @hono/node-server's default for a body without a type.
  if (response.body !== null && !('content-type' in head)) head['content-type'] = TEXT;
  return head;
}

/**
 * Sends a Web `Response` on Node's response: with a Content-Length when its body is complete at
 * once, else streamed; a failing stream cuts the connection and rejects. To a HEAD request
 * (`head`) a streamed body is cancelled once the head is written.
 */
export async function writeWebResponse(outgoing: ServerResponse, response: Response, callHeaders: AnswerHeaders | undefined, head = false): Promise<void> {
  const lines = mergedHeaders(response, callHeaders);
  const status = response.status === 0 ? 500 : response.status;
  if (response.body === null) {
    outgoing.writeHead(status, lines);
    outgoing.end();
    return;
  }
  const read = await readyBody(response.body);
  if (read.whole) {
    if (!('content-length' in lines)) lines['content-length'] = read.bytes.byteLength;
    outgoing.writeHead(status, lines);
    outgoing.end(read.bytes);
    return;
  }
  const { reader, pending } = read;
  outgoing.writeHead(status, lines);
  if (head) {
    // Node drops a HEAD answer's body writes: read on, an endless stream would hold the connection.
    pending.catch(() => undefined);
    void reader.cancel().catch(() => undefined);
    outgoing.end();
    return;
  }
  outgoing.flushHeaders();
  for (const chunk of read.first) outgoing.write(chunk);
  // The client leaving stops the producer.
  outgoing.once('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (let next = await pending; !next.done; next = await reader.read()) {
      if (outgoing.destroyed) return;
      if (!outgoing.write(next.value)) await Promise.race([once(outgoing, 'drain'), once(outgoing, 'close')]);
    }
    outgoing.end();
  } catch (error) {
    // A stream ended by the client's leaving is no fault; else the head is sent, so the client
    // learns of the failure by the cut, and the caller logs it.
    if (outgoing.destroyed) return;
    outgoing.destroy();
    throw error;
  }
}
