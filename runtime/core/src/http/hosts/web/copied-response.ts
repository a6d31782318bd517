import { readyBody } from '../../pipeline/ready-body.js';

/**
 * A copy of a handler's `Response` with other headers, the original left as it was (a handler may
 * return one shared `Response` to every call). A body that is complete at once (a string, bytes)
 * is copied whole, so it keeps a known length as the node adapter sends it; a body still producing
 * (events, a proxied `fetch()`) is streamed on: what arrived first, then the rest.
 */
export async function copiedResponse(response: Response, headers: Headers): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText, headers };
  if (response.body === null) return new Response(null, init);
  const read = await readyBody(response.body);
  if (read.whole) return new Response(read.bytes as Uint8Array<ArrayBuffer>, init);
  const { first, reader } = read;
  let { pending } = read;
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of first) controller.enqueue(chunk);
    },
    async pull(controller) {
      const next = await pending;
      if (next.done) return controller.close();
      controller.enqueue(next.value);
      pending = reader.read();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(rest, init);
}
