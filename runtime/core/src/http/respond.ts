import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { HttpException } from '../exceptions/http-exception.js';
import { RequestAbortedException } from '../exceptions/request-exceptions.js';
import type { Logger } from '../types/logger.js';
import { observationOf } from './observed-route.js';
import { withContextHeaders } from './response-headers.js';

// The Response class as this module loads. On Node, @hono/node-server's serve() later replaces the
// global with a lighter class whose `instanceof` misses native Responses (from `fetch()`, or built
// before `listen`); its own instances still pass this check, their prototype chain holds the native one.
const NativeResponse = Response;

/**
 * Turns a handler's answer into a Response: a string is `text/plain`, an object or array JSON,
 * `undefined` an empty body. A `Response` is sent as built, plus the headers set on the context
 * meanwhile. A null-body status (`@HttpCode(204)`, 205, 304) always answers without a body,
 * whatever the handler returned, as the Fetch standard requires.
 *
 * @example
 * respond(c, { id: 1 }, 201); // 201, `{"id":1}` as application/json
 * respond(c, { id: 1 }, 204); // 204, no body
 */
export function respond(c: Context, value: unknown, status: number): Response {
  if (value instanceof NativeResponse) return withContextHeaders(c, value);
  // Without a status argument Hono takes its fast path (a bare `new Response(text)`), so 200 is left implicit.
  if (status === 200) {
    if (typeof value === 'string') return c.text(value);
    if (value === undefined) return c.body(null);
    return c.json(value);
  }
  if (value === undefined || isNullBodyStatus(status)) return c.body(null, status as StatusCode);
  if (typeof value === 'string') return c.text(value, status as ContentfulStatusCode);
  return c.json(value, status as ContentfulStatusCode);
}

/** The Fetch standard's null-body statuses that a Response can have (101 and 103 cannot be built at all). */
function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

const internalError = { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' };

/** Counters of the HTTP transport, read through `app.stats()`. */
export interface HttpCounters {
  /** Requests whose client closed the connection before its body arrived. */
  abortedRequests: number;
}

/** Where `errorResponse` reports: the logger for server faults, the counters for client aborts. */
export interface ErrorReport {
  readonly logger: Logger;
  readonly counters: HttpCounters;
}

/**
 * The default answer for an error no filter handled: an HttpException's own body and status; any
 * other error is logged with its stack and answered 500 without details. A client that went away
 * mid-request is counted, not logged.
 */
export function errorResponse(c: Context, error: unknown, where: string, report: ErrorReport): Response {
  const observation = observationOf(c);
  observation?.fail(error);
  if (error instanceof HttpException) {
    if (error instanceof RequestAbortedException) report.counters.abortedRequests++;
    return c.json(error.toJSON(), error.status as ContentfulStatusCode);
  }
  // An observed request's line carries the error, with its ids: logged once.
  if (!observation?.logsErrors) report.logger.error(`Unhandled error in ${where} (${c.req.method} ${c.req.path})`, error);
  return c.json(observation ? { ...internalError, requestId: observation.requestId } : internalError, 500);
}
