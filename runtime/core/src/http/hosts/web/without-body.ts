/** HEAD's answer from its GET route's `Response`: a streamed body is cancelled, so its producer stops. */
export function withoutBody(response: Response): Response {
  if (!response.body) return response;
  response.body.cancel().catch(() => undefined);
  return new Response(null, response);
}
