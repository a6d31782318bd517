import { HttpException, isAnswerableStatus } from '../exceptions/http-exception.js';
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
/** Bytes (a `Uint8Array`, a `Buffer`, an `ArrayBuffer`), a `Blob` or a Web `ReadableStream`: sent as a `Response` of them. */
export const BYTES_ANSWER = 4;
export type AnswerKind = typeof EMPTY_ANSWER | typeof TEXT_ANSWER | typeof JSON_ANSWER | typeof RESPONSE_ANSWER | typeof BYTES_ANSWER;

/** The `Symbol.toStringTag` of the values whose bytes are the answer (a Buffer's is `Uint8Array`). */
const BYTES_TAGS: ReadonlySet<unknown> = new Set([
  'ArrayBuffer', 'Uint8Array', 'Uint8ClampedArray', 'Int8Array', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array',
  'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'DataView', 'Blob', 'File', 'ReadableStream',
]);

/**
 * How a handler's answer is written, decided once for every host; a string (the common case) is
 * told apart first. Throws for a Node stream, which has no JSON form and is no Web body.
 */
export function answerKind(value: unknown, status: number): AnswerKind {
  if (typeof value === 'string') return isNullBodyStatus(status) ? EMPTY_ANSWER : TEXT_ANSWER;
  if (value === undefined) return EMPTY_ANSWER;
  if (isWebResponse(value)) return RESPONSE_ANSWER;
  if (isNullBodyStatus(status)) return EMPTY_ANSWER;
  if (typeof value !== 'object' || value === null) return JSON_ANSWER;
  // One property read tells a plain object (no tag) from bytes, and spares it the stream classes.
  if (BYTES_TAGS.has((value as { readonly [Symbol.toStringTag]?: unknown })[Symbol.toStringTag])) return BYTES_ANSWER;
  if (typeof (value as { pipe?: unknown }).pipe === 'function' && typeof (value as { on?: unknown }).on === 'function') {
    throw new TypeError('A handler answered a Node stream, which has no JSON form: answer `new Response(Readable.toWeb(stream), { headers })` to stream it.');
  }
  return JSON_ANSWER;
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

/** The 400 body of a bare route's invalid body, noted on the observation (no exception: no filter is there to see one). */
export function invalidBodyAnswer(reasons: readonly ValidationReason[], observation: CallObservation | undefined): object {
  observation?.refuse('validation', invalidBodyMessage(reasons));
  return NotValidBodyException.bodyFor(reasons);
}

/** A decoded path as a text log may show it: its control characters escaped (`\n` would start a forged line, ESC drive a terminal). */
export const printable = (text: string): string =>
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The body of a 500: no details. */
export const INTERNAL_ERROR = { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' };

/**
 * The default answer for an error no filter handled: an HttpException's own; anything else logged
 * and a 500 without details (naming an observed request's id). A client gone mid-request is counted,
 * not logged; an observed request logs the error once, on its request line.
 */
export function errorAnswer(
  error: unknown,
  where: string,
  report: ErrorReport,
  request: { readonly method: string; readonly path: string },
  observation: CallObservation | undefined,
): { status: number; body: object } {
  observation?.fail(error);
  // The constructor makes an odd status 500; one set on the exception after it (NaN, 0, 1200)
  // would reach the host's `writeHead`: the application's fault, a logged 500.
  if (error instanceof HttpException && isAnswerableStatus(error.status)) {
    if (error instanceof RequestAbortedException) report.counters.abortedRequests++;
    return { status: error.status, body: error.toJSON() };
  }
  if (!observation?.logsErrors) report.logger.error(`Unhandled error in ${where} (${request.method} ${printable(request.path)})`, error);
  return { status: 500, body: observation ? { ...INTERNAL_ERROR, requestId: observation.requestId } : INTERNAL_ERROR };
}
