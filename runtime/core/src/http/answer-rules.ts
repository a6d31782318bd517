import { HttpException } from '../exceptions/http-exception.js';
import { invalidBodyMessage, NotValidBodyException, RequestAbortedException, type ValidationReason } from '../exceptions/request-exceptions.js';
import type { CallObservation } from '../telemetry/call-observation.js';
import type { Logger } from '../types/logger.js';
import { isWebResponse } from '../types/web-response.js';

/** The Fetch standard's null-body statuses that a Response can have (101 and 103 cannot be built at all). */
export function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

/** An answer without a body: `undefined`, or any value under a null-body status (`@HttpCode(204)`). */
export const EMPTY_ANSWER = 0;
/** A string: `text/plain; charset=UTF-8`. */
export const TEXT_ANSWER = 1;
/** Any other value: `application/json`. */
export const JSON_ANSWER = 2;
/** A Web `Response`: sent with its own status and headers (plus the call's), whatever the route's status. */
export const RESPONSE_ANSWER = 3;
export type AnswerKind = typeof EMPTY_ANSWER | typeof TEXT_ANSWER | typeof JSON_ANSWER | typeof RESPONSE_ANSWER;

/**
 * How a handler's answer is written, decided once for every host: each adapter only writes what
 * this says. No allocation, and a string is told apart before anything else (the common case).
 *
 * @example
 * answerKind({ id: 1 }, 201); // JSON_ANSWER
 * answerKind('gone', 204); // EMPTY_ANSWER: a null-body status has no body
 * answerKind(new Response('kept'), 204); // RESPONSE_ANSWER: a Response is sent as built
 */
export function answerKind(value: unknown, status: number): AnswerKind {
  if (typeof value === 'string') return isNullBodyStatus(status) ? EMPTY_ANSWER : TEXT_ANSWER;
  if (value === undefined) return EMPTY_ANSWER;
  if (isWebResponse(value)) return RESPONSE_ANSWER;
  return isNullBodyStatus(status) ? EMPTY_ANSWER : JSON_ANSWER;
}

/** Counters of the HTTP transport, read through `app.stats()`. */
export interface HttpCounters {
  /** Requests whose client closed the connection before its body arrived. */
  abortedRequests: number;
}

/** Where an error answer reports: the logger for server faults, the counters for client aborts. */
export interface ErrorReport {
  readonly logger: Logger;
  readonly counters: HttpCounters;
}

/**
 * The 400 body of a bare route's invalid body, its refusal noted on the observation: the same on
 * every host (no NotValidBodyException is thrown: no filter or interceptor is there to see one).
 *
 * @example
 * writeJson(outgoing, 400, invalidBodyAnswer(reasons, call.observation), call.responseHeaders);
 */
export function invalidBodyAnswer(reasons: readonly ValidationReason[], observation: CallObservation | undefined): object {
  observation?.refuse('validation', invalidBodyMessage(reasons));
  return NotValidBodyException.bodyFor(reasons);
}

const internalError = { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' };

/**
 * The default answer for an error no filter handled, on either server path: an HttpException's
 * own body and status; any other error is logged with its stack and answered 500 without
 * details. A client that went away mid-request is counted, not logged. An observed request
 * (`observation`) records the error; its request line carries it, so it is logged only once, and
 * a 500 names its request id.
 *
 * @example
 * const { status, body } = errorAnswer(error, 'TodoController.create', report, { method: 'POST', path: '/todo' }, undefined);
 */
export function errorAnswer(
  error: unknown,
  where: string,
  report: ErrorReport,
  request: { readonly method: string; readonly path: string },
  observation: CallObservation | undefined,
): { status: number; body: object } {
  observation?.fail(error);
  if (error instanceof HttpException) {
    if (error instanceof RequestAbortedException) report.counters.abortedRequests++;
    return { status: error.status, body: error.toJSON() };
  }
  if (!observation?.logsErrors) report.logger.error(`Unhandled error in ${where} (${request.method} ${request.path})`, error);
  return { status: 500, body: observation ? { ...internalError, requestId: observation.requestId } : internalError };
}
