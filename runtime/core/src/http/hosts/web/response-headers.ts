import type { Context } from 'hono';

/**
 * A `Response` returned by a handler or a filter, with the headers set on the context meanwhile
 * (`context.setResponseHeader`, the throttler's `X-RateLimit-*`) added to it. Hono sends a
 * returned Response unchanged, so without this they would be lost. Headers the Response sets
 * itself win; `Set-Cookie` lines of both are kept. The user's Response is never modified (it may
 * be a shared constant): a new one is built, and only when there is something to add.
 *
 * @example
 * context.setResponseHeader('x-request-id', 'r-1');
 * withContextHeaders(c, new Response('ok', { headers: { 'content-type': 'text/html' } }));
 * // → 'ok' with both content-type and x-request-id
 */
export function withContextHeaders(c: Context, response: Response): Response {
  // `newResponse` copies the pending headers without finalizing the context, unlike `c.res`.
  const pending = c.newResponse(null).headers;
  let merged: Headers | undefined;
  pending.forEach((value, name) => {
    if (name === 'set-cookie') (merged ??= new Headers(response.headers)).append(name, value);
    else if (!response.headers.has(name)) (merged ??= new Headers(response.headers)).set(name, value);
  });
  if (!merged) return response;
  // Response.error() (status 0) cannot be rebuilt; a consumed body cannot be sent anyway.
  if (response.status < 200 || response.bodyUsed) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}
