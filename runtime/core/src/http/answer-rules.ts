import { HttpException } from '../exceptions/http-exception.js';
import { RequestAbortedException } from '../exceptions/request-exceptions.js';
import type { CallObservation } from '../telemetry/call-observation.js';
import type { Logger } from '../types/logger.js';

/** The Fetch standard's null-body statuses that a Response can have (101 and 103 cannot be built at all). */
export function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
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
