import { readyBody } from '../../pipeline/ready-body.js';

/**
 * A copy of a handler's `Response` (maybe shared by every call) with other headers: a body
 * complete at once is copied whole (a known length, as on the node adapter), another streamed on.
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
