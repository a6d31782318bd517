/**
 * A copy of a handler's `Response` with other headers, the original left as it was (a handler may
 * return one shared `Response` to every call). A body that is complete at once (a string, bytes)
 * is copied whole, so it keeps a known length as the node adapter sends it; a body still producing
 * (events, a proxied `fetch()`) is streamed on: what arrived first, then the rest.
 *
 * @example
 * const answer = await copiedResponse(shared, mergedHeaders); // shared.headers unchanged
 */
export async function copiedResponse(response: Response, headers: Headers): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText, headers };
  if (response.body === null) return new Response(null, init);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let pending = reader.read();
  for (;;) {
    // A timer, not a microtask: a string body takes several microtasks to read on some hosts.
    const next = await Promise.race([pending, new Promise<undefined>((resolve) => setTimeout(resolve, 0))]);
    if (next === undefined) break;
    if (next.done) return new Response(joined(chunks) as Uint8Array<ArrayBuffer>, init);
    chunks.push(next.value);
    pending = reader.read();
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
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

function joined(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
