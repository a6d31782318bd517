import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { errorAnswer, type ErrorReport } from '../../answer-rules.js';
import type { CallObservation } from '../../../telemetry/call-observation.js';

/** Headers a call set (`context.setResponseHeader`, the throttler's), lower-case names, last value wins. */
export type CallHeaders = Record<string, string>;

const JSON_TYPE = 'application/json';

/**
 * One answer with a body: the call's headers, then the type and length (which win, as on Hono).
 * The call's record is completed in place: the answer is its last use.
 */
function writeBody(outgoing: ServerResponse, status: number, type: string, body: string, headers: CallHeaders | undefined): void {
  const length = Buffer.byteLength(body);
  let head: OutgoingHttpHeaders;
  if (headers === undefined) {
    head = { 'content-type': type, 'content-length': length };
  } else {
    head = headers;
    head['content-type'] = type;
    head['content-length'] = length;
  }
  outgoing.writeHead(status, head);
  outgoing.end(body);
}

/** A JSON answer. A value JSON cannot express (a function) has no body, as `c.json` gives. */
function writeJson(outgoing: ServerResponse, status: number, value: unknown, headers: CallHeaders | undefined): void {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) {
    outgoing.writeHead(status, { ...headers, 'content-type': JSON_TYPE });
    outgoing.end();
    return;
  }
  writeBody(outgoing, status, JSON_TYPE, text, headers);
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
