import { answerKind, BYTES_ANSWER, EMPTY_ANSWER, errorAnswer, INTERNAL_ERROR, printable, RESPONSE_ANSWER, TEXT_ANSWER, type ErrorReport } from '../answer-rules.js';
import type { CallObservation } from '../../telemetry/call-observation.js';
import type { AnswerHeaders, HostExchange } from './host-exchange.js';
import type { AnswerEncoding } from '../encoding/answer-encoding.js';
import { sendEncodedBody, sendEncodedResponse } from '../encoding/encoded-send.js';
import type { PipelineCall } from './pipeline-call.js';
import { headLines, headRecord, type RouteHead } from './route-headers.js';
import { bodilessHeaders, framedResponse } from './answer-framing.js';

const TEXT = 'text/plain; charset=UTF-8';
const JSON_TYPE = 'application/json';
const encoder = new TextEncoder();

// Node's and Bun's native count where there is one (no copy made).
const nativeBuffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;
const byteLength: (text: string) => number = nativeBuffer ? (text) => nativeBuffer.byteLength(text) : (text) => encoder.encode(text).byteLength;

/** One API answer (a JSON or text body); without a route head the call's record is completed in place (its last use). */
function sendBody(
  exchange: HostExchange,
  status: number,
  type: string,
  body: string,
  headers: AnswerHeaders | undefined,
  encoding: AnswerEncoding | undefined,
  routeHead: RouteHead | undefined,
): void | Promise<void> {
  const length = byteLength(body);
  if (routeHead !== undefined && encoding === undefined) return exchange.send(status, headLines(routeHead, headers, type, length), body);
  let head: AnswerHeaders;
  if (headers === undefined && routeHead === undefined) {
    head = { 'content-type': type, 'content-length': length };
  } else {
    head = headRecord(routeHead, headers, true)!;
    head['content-type'] = type;
    head['content-length'] = length;
  }
  if (encoding) return sendEncodedBody(exchange, status, head, body, encoding);
  exchange.send(status, head, body);
}

/**
 * Writes a handler's answer as `answerKind` decides, with the route's `encoding` when it has one;
 * a promise while a Response's body streams. Throws what `answerKind` and `JSON.stringify` throw.
 */
export function sendAnswer(
  exchange: HostExchange,
  value: unknown,
  status: number,
  headers: AnswerHeaders | undefined,
  encoding?: AnswerEncoding,
  routeHead?: RouteHead,
): void | Promise<void> {
  const kind = answerKind(value, status);
  if (kind === TEXT_ANSWER) return sendBody(exchange, status, TEXT, value as string, headers, encoding, routeHead);
  if (kind === EMPTY_ANSWER) {
    const head = bodilessHeaders(headers, exchange.method, status);
    return exchange.send(status, routeHead ? headLines(routeHead, head, undefined, undefined) : head, undefined);
  }
  if (kind === RESPONSE_ANSWER || kind === BYTES_ANSWER) {
    const record = headRecord(routeHead, headers);
    const response = kind === BYTES_ANSWER ? bytesResponse(value as BodyInit, status, headers?.['content-type']) : framedResponse(value as Response, exchange.method);
    return encoding ? sendEncodedResponse(exchange, response, record, encoding) : exchange.sendResponse(response, record);
  }
  return sendJson(exchange, status, value, headers, encoding, routeHead);
}

/**
 * Bytes, a Blob or a Web stream as a Response of the route's status, typed as the handler set it,
 * else as the Blob is, else `application/octet-stream` (as Fastify and Express send a Buffer).
 */
function bytesResponse(value: BodyInit, status: number, set: AnswerHeaders[string] | undefined): Response {
  const { type: own, size, byteLength } = value as { type?: unknown; size?: unknown; byteLength?: unknown };
  const type = set !== undefined ? String(set) : typeof own === 'string' && own !== '' ? own : 'application/octet-stream';
  const headers: Record<string, string> = { 'content-type': type };
  // Stated, so that a HEAD answer (whose body a host drops unread) has it too.
  const length = typeof byteLength === 'number' ? byteLength : size;
  if (typeof length === 'number') headers['content-length'] = String(length);
  return new Response(value, { status, headers });
}

/** A JSON answer. A value JSON cannot express (a function) has no body. */
export function sendJson(
  exchange: HostExchange,
  status: number,
  value: unknown,
  headers: AnswerHeaders | undefined,
  encoding?: AnswerEncoding,
  routeHead?: RouteHead,
): void | Promise<void> {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) return exchange.send(status, { ...headRecord(routeHead, headers, true), 'content-type': JSON_TYPE }, undefined);
  return sendBody(exchange, status, JSON_TYPE, text, headers, encoding, routeHead);
}

/** The default answer of an error no filter handled, with the call's headers; cuts the connection once the answer started. */
export function sendError(
  exchange: HostExchange,
  error: unknown,
  where: string,
  report: ErrorReport,
  request: { readonly path: string; readonly observation: CallObservation | undefined },
  headers: AnswerHeaders | undefined,
  routeHead?: RouteHead,
): void {
  let status: number;
  let text: string | undefined;
  try {
    const answer = errorAnswer(error, where, report, { method: exchange.method, path: request.path }, request.observation);
    status = answer.status;
    text = JSON.stringify(answer.body) as string | undefined;
    if (text === undefined) throw new TypeError('its body is no JSON value');
  } catch (failure) {
    // An exception's own body that throws or cannot be written (a BigInt, a cycle, a revoked Proxy): a plain 500.
    report.logger.error(`The error answer of ${where} could not be made (${exchange.method} ${printable(request.path)})`, failure);
    status = 500;
    text = INTERNAL_ERROR_TEXT;
  }
  if (exchange.headSent) return exchange.cut();
  sendBody(exchange, status, JSON_TYPE, text, headers, undefined, routeHead);
}

const INTERNAL_ERROR_TEXT = JSON.stringify(INTERNAL_ERROR);

/** Answers a call with the error answer of a failure before or in its handler. */
export function refuseCall(call: PipelineCall, error: unknown, report: ErrorReport): void {
  call.answered = true;
  sendError(call.exchange, error, call.route.entry.name, report, call, call.responseHeaders, call.routeHead);
}

/** Sends the `Response` a stream route's chain answered with instead of its stream, plus the call's headers. */
export function sendChainResponse(
  exchange: HostExchange,
  response: Response,
  call: { answered: boolean; readonly responseHeaders?: AnswerHeaders; readonly path: string; readonly observation: CallObservation | undefined },
  report: ErrorReport,
): void {
  call.answered = true;
  const writing = sendAnswer(exchange, response, 200, call.responseHeaders);
  if (writing) writing.catch((error: unknown) => sendError(exchange, error, 'the HTTP adapter', report, call, undefined));
}
