import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { answerKind, EMPTY_ANSWER, errorAnswer, RESPONSE_ANSWER, TEXT_ANSWER, type ErrorReport } from '../../answer-rules.js';
import type { CallObservation } from '../../../telemetry/call-observation.js';
import { writeWebResponse } from './web-response.js';
import type { AnswerEncoding } from '../../encoding/answer-encoding.js';
import { writeEncodedBody, writeEncodedResponse } from './encoded-answer.js';

/** Headers a call set (`context.setResponseHeader`, the throttler's), lower-case names, last value wins. */
export type CallHeaders = Record<string, string>;

// A record whose chain has no `__proto__` setter (any header name becomes an own property, as on
// `Object.create(null)`), yet whose instances keep fast properties: a null-prototype object is a
// slow dictionary, which `writeHead` then walks at a cost measured on every throttled answer.
const CallHeaderRecord = function CallHeaderRecord() {} as unknown as new () => CallHeaders;
CallHeaderRecord.prototype = Object.create(null) as object;

/**
 * An empty record for a call's response headers.
 *
 * @example
 * const headers = newCallHeaders(); headers['x-ratelimit-limit'] = '10';
 */
export function newCallHeaders(): CallHeaders {
  return new CallHeaderRecord();
}

const TEXT = 'text/plain; charset=UTF-8';
const JSON_TYPE = 'application/json';

/**
 * One answer with a body: the call's headers, then the type and length (which win, as on Hono).
 * The call's record is completed in place: the answer is its last use.
 */
function writeBody(outgoing: ServerResponse, status: number, type: string, body: string, headers: CallHeaders | undefined, encoding?: AnswerEncoding): void {
  const length = Buffer.byteLength(body);
  let head: OutgoingHttpHeaders;
  if (headers === undefined) {
    head = { 'content-type': type, 'content-length': length };
  } else {
    head = headers;
    head['content-type'] = type;
    head['content-length'] = length;
  }
  if (encoding) return writeEncodedBody(outgoing, status, head, body, encoding);
  outgoing.writeHead(status, head);
  outgoing.end(body);
}

/**
 * Writes a handler's answer on Node's response, as `answerKind` decides for every host: a string
 * is `text/plain`, an object or array JSON, `undefined` or a null-body status no body, a Web
 * `Response` as built plus the call's headers; with the route's `encoding` (compression, ETag)
 * when it has one. May return a promise (a Response's body
 * streaming). Throws what `JSON.stringify` throws.
 *
 * @example
 * writeAnswer(outgoing, { id: 1 }, 201, undefined); // 201, {"id":1} as application/json
 */
export function writeAnswer(outgoing: ServerResponse, value: unknown, status: number, headers: CallHeaders | undefined, encoding?: AnswerEncoding): void | Promise<void> {
  const kind = answerKind(value, status);
  if (kind === TEXT_ANSWER) return writeBody(outgoing, status, TEXT, value as string, headers, encoding);
  if (kind === EMPTY_ANSWER) return writeEmpty(outgoing, status, headers);
  if (kind === RESPONSE_ANSWER) return encoding ? writeEncodedResponse(outgoing, value as Response, headers, encoding) : writeWebResponse(outgoing, value as Response, headers);
  writeJson(outgoing, status, value, headers, encoding);
}

/** A JSON answer. A value JSON cannot express (a function) has no body, as `c.json` gives. */
export function writeJson(outgoing: ServerResponse, status: number, value: unknown, headers: CallHeaders | undefined, encoding?: AnswerEncoding): void {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) {
    outgoing.writeHead(status, { ...headers, 'content-type': JSON_TYPE });
    outgoing.end();
    return;
  }
  writeBody(outgoing, status, JSON_TYPE, text, headers, encoding);
}

function writeEmpty(outgoing: ServerResponse, status: number, headers: CallHeaders | undefined): void {
  outgoing.writeHead(status, headers);
  outgoing.end();
}

/**
 * Writes the default answer for an error no filter handled (`answer-rules.ts`), with the call's
 * headers (a 429 keeps its `X-RateLimit-*`). Nothing when the answer has started already.
 */
export function writeError(
  outgoing: ServerResponse,
  error: unknown,
  where: string,
  report: ErrorReport,
  request: { readonly incoming: IncomingMessage; readonly path: string; readonly observation: CallObservation | undefined },
  headers: CallHeaders | undefined,
): void {
  const { status, body } = errorAnswer(error, where, report, { method: request.incoming.method!, path: request.path }, request.observation);
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  writeJson(outgoing, status, body, headers);
}
