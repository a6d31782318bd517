import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { HttpException } from '../exceptions/http-exception.js';

/**
 * Turns a handler's answer into a Response: a string is `text/plain`, an object or array JSON,
 * a `Response` is sent as is, `undefined` an empty body.
 */
export function respond(c: Context, value: unknown, status: number): Response {
  if (value instanceof Response) return value;
  // Without a status argument Hono takes its fast path (a bare `new Response(text)`), so 200 is left implicit.
  if (status === 200) {
    if (typeof value === 'string') return c.text(value);
    if (value === undefined) return c.body(null);
    return c.json(value);
  }
  if (typeof value === 'string') return c.text(value, status as ContentfulStatusCode);
  if (value === undefined) return c.body(null, status as StatusCode);
  return c.json(value, status as ContentfulStatusCode);
}

/** What a logger must offer; `console` fits. */
export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  log(message: string): void;
}

const internalError = { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' };

/**
 * The default answer for an error no filter handled: an HttpException's own body and status; any
 * other error is logged with its stack and answered 500 without details.
 */
export function errorResponse(c: Context, error: unknown, where: string, logger: Logger): Response {
  if (error instanceof HttpException) return c.json(error.toJSON(), error.status as ContentfulStatusCode);
  logger.error(`Unhandled error in ${where} (${c.req.method} ${c.req.path})`, error);
  return c.json(internalError, 500);
}
