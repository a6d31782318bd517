import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { joinedVary } from '../../browser/vary.js';
import { readyBody } from '../../pipeline/ready-body.js';

const TEXT = 'text/plain; charset=UTF-8';

/** A `Response`'s headers, then the call's it lacks (`set-cookie` and `vary` of both); none for a status-0 or consumed Response. */
function mergedHeaders(response: Response, callHeaders: Record<string, string | string[]> | undefined): OutgoingHttpHeaders {
  const head: OutgoingHttpHeaders = {};
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') head[name] = value;
  });
  const mergeable = callHeaders !== undefined && response.status >= 200 && !response.bodyUsed;
  if (mergeable) {
    for (const name in callHeaders) {
      if (name === 'set-cookie') cookies.push(...[callHeaders[name]!].flat());
      else if (!(name in head)) head[name] = callHeaders[name];
      // The Response's own Vary keeps the call's (CORS's `Origin`) beside it.
      else if (name === 'vary') head.vary = joinedVary(String(head.vary), String(callHeaders.vary));
    }
  }
  if (cookies.length > 0) head['set-cookie'] = cookies;
  // @hono/node-server's default for a body without a type.
  if (response.body !== null && !('content-type' in head)) head['content-type'] = TEXT;
  return head;
}

/** Sends a Web `Response` on Node's response: with a Content-Length when its body is complete at once, else streamed. */
export async function writeWebResponse(outgoing: ServerResponse, response: Response, callHeaders: Record<string, string | string[]> | undefined): Promise<void> {
  const head = mergedHeaders(response, callHeaders);
  const status = response.status === 0 ? 500 : response.status;
  if (response.body === null) {
    outgoing.writeHead(status, head);
    outgoing.end();
    return;
  }
  const read = await readyBody(response.body);
  if (read.whole) {
    if (!('content-length' in head)) head['content-length'] = read.bytes.byteLength;
    outgoing.writeHead(status, head);
    outgoing.end(read.bytes);
    return;
  }
  const { reader, pending } = read;
  outgoing.writeHead(status, head);
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
  } catch {
    outgoing.destroy();
  }
}
