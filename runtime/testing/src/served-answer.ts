/** The next turn of the event loop: a body still to come after it is a streamed one. */
const nextTurn = (): Promise<undefined> => new Promise((resolve) => setImmediate(resolve, undefined));

/**
 * An in-process answer with the `Content-Length` a server writes: a body complete within this turn
 * gets its length (the node adapter sizes such a body so), a streamed one is handed on as it comes,
 * without one. `app.fetch` leaves the length to its host, which `t.request` stands in for.
 *
 * @example
 * const response = await servedAnswer(await app.fetch(request));
 * response.headers.get('content-length'); // '13' for `{"value":"a"}`
 */
export async function servedAnswer(response: Response): Promise<Response> {
  if (response.body === null || response.headers.has('content-length')) return response;
  const reader = response.body.getReader();
  const first: Uint8Array[] = [];
  let pending = reader.read();
  for (;;) {
    const next = await Promise.race([pending, nextTurn()]);
    if (next === undefined) break;
    if (next.done) {
      const headers = new Headers(response.headers);
      const bytes = await new Blob(first as Uint8Array<ArrayBuffer>[]).arrayBuffer();
      headers.set('content-length', String(bytes.byteLength));
      return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
    }
    first.push(next.value);
    pending = reader.read();
  }
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
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(rest, response);
}
