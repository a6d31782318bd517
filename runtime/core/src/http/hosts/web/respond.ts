import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { answerKind, EMPTY_ANSWER, errorAnswer, RESPONSE_ANSWER, TEXT_ANSWER, type ErrorReport } from '../../answer-rules.js';
import { withContextHeaders } from './response-headers.js';

/**
 * Turns a handler's answer into a Response, as `answerKind` decides for every host: a string is
 * `text/plain`, an object or array JSON, `undefined` an empty body. A `Response` is sent as built,
 * plus the headers set on the context meanwhile. A null-body status (`@HttpCode(204)`, 205, 304)
 * answers any other value without a body, as the Fetch standard requires.
 *
 * @example
 * respond(c, { id: 1 }, 201); // 201, `{"id":1}` as application/json
 * respond(c, { id: 1 }, 204); // 204, no body
 */
export function respond(c: Context, value: unknown, status: number): Response {
  const kind = answerKind(value, status);
  if (kind === RESPONSE_ANSWER) return withContextHeaders(c, c.req.method === 'HEAD' ? withoutBody(value as Response) : (value as Response));
  // Without a status argument Hono takes its fast path (a bare `new Response(text)`), so 200 is left implicit.
  if (status === 200) {
    if (kind === TEXT_ANSWER) return c.text(value as string);
    if (kind === EMPTY_ANSWER) return c.body(null);
    return c.json(value);
  }
  if (kind === EMPTY_ANSWER) return c.body(null, status as StatusCode);
  if (kind === TEXT_ANSWER) return c.text(value as string, status as ContentfulStatusCode);
  return c.json(value, status as ContentfulStatusCode);
}

/**
 * HEAD is answered by its path's GET route: a body that route's `Response` streams (a
 * `ReadableStream`, a proxied `fetch`) is cancelled, so its producer stops instead of running on
 * for a client that will never read it.
 *
 * @example
 * return request.method === 'HEAD' ? withoutBody(response) : response;
 */
export function withoutBody(response: Response): Response {
  if (!response.body) return response;
  response.body.cancel().catch(() => undefined);
  return new Response(null, response);
}

/**
 * The default answer for an error no filter handled: an HttpException's own body and status; any
 * other error is logged with its stack and answered 500 without details. A client that went away
 * mid-request is counted, not logged.
 */
export function errorResponse(c: Context, error: unknown, where: string, report: ErrorReport): Response {
  const { status, body } = errorAnswer(error, where, report, c.req, undefined);
  return c.json(body, status as ContentfulStatusCode);
}

export type { ErrorReport };
