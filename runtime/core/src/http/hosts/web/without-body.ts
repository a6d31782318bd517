/**
 * HEAD is answered by its path's GET route: a body that route's `Response` streams (a
 * `ReadableStream`, a proxied `fetch`) is cancelled, so its producer stops instead of running on
 * for a client that will never read it.
 */
export function withoutBody(response: Response): Response {
  if (!response.body) return response;
  response.body.cancel().catch(() => undefined);
  return new Response(null, response);
}
