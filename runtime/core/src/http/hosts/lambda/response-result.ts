import { isUtf8 } from 'node:buffer';
import type { HttpException } from '../../../exceptions/http-exception.js';
import type { EventKind } from './events.js';
import { ResultHead } from './result-head.js';

/** What a Lambda function answers an HTTP event with, in the shape its kind expects. */
export interface LambdaHttpResult {
  statusCode: number;
  statusDescription?: string;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  /** Payload 2.0's `Set-Cookie` values. */
  cookies?: string[];
  body: string;
  isBase64Encoded: boolean;
}

// Bodies of these types go back as text when they are UTF-8 and not compressed (a result's body is a
// JSON string: other bytes would be replaced); every other one as base64, byte for byte.
const TEXT_TYPE = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml)\b|application\/(?:javascript|x-www-form-urlencoded)\b|image\/svg\+xml\b)/i;

/**
 * The Lambda result of an answer for an event of kind `kind`: payload 2.0 with `cookies`, REST
 * API and multi-value ALB events with `multiValueHeaders` (every `Set-Cookie` kept), a plain ALB
 * event with `headers` (one `Set-Cookie` at most: turn multi-value headers on for more). Text
 * bodies in UTF-8 are sent as text; compressed ones (`Content-Encoding`) and any other bytes
 * base64-encoded.
 *
 * @example
 * const head = new ResultHead();
 * head.set('content-type', 'application/json');
 * resultOf(200, head, Buffer.from('{"id":1}'), 'http-api');
 * // { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: '{"id":1}', isBase64Encoded: false }
 */
export function resultOf(status: number, head: ResultHead, bytes: Buffer, kind: EventKind): LambdaHttpResult {
  const asText = bytes.length === 0 || (!encoded(head) && TEXT_TYPE.test(head.get('content-type') ?? '') && isUtf8(bytes));
  const body = asText ? bytes.toString('utf8') : bytes.toString('base64');
  const result: LambdaHttpResult = { statusCode: status, body, isBase64Encoded: !asText };
  const { cookies } = head;
  if (kind === 'http-api') {
    result.headers = head.record();
    result.cookies = cookies;
  } else if (kind === 'rest-api' || kind === 'alb-multi-value') {
    const multi: Record<string, string[]> = {};
    const single = head.record();
    for (const name in single) multi[name] = [single[name]!];
    if (cookies.length > 0) multi['set-cookie'] = cookies;
    result.multiValueHeaders = multi;
  } else {
    result.headers = head.record();
    if (cookies.length > 0) result.headers['set-cookie'] = cookies[cookies.length - 1]!;
  }
  if (kind === 'alb' || kind === 'alb-multi-value') result.statusDescription = `${status} ${reasonPhrases()[status] ?? 'Status'}`;
  return result;
}

/** Whether the body is in a coding (gzip, br…): its bytes are no longer the text its type names. */
function encoded(head: ResultHead): boolean {
  const coding = head.get('content-encoding');
  return coding !== undefined && coding.toLowerCase() !== 'identity';
}

/**
 * The framework's JSON answer for an exception, as a server would send it: status, head and body.
 *
 * @example
 * errorAnswer(new HttpException(400, 'No.')); // { status: 400, head: content-type application/json, body: '{"status":400,…}' }
 */
export function errorAnswer(error: HttpException): { status: number; head: ResultHead; body: Buffer } {
  const head = new ResultHead();
  head.set('content-type', 'application/json');
  return { status: error.status, head, body: Buffer.from(JSON.stringify(error)) };
}

/**
 * The most body a buffered result carries: Lambda refuses results over 6 MB, and base64 makes
 * binary bodies a third larger.
 */
export const MAX_RESULT_BODY_BYTES = 4.5 * 1024 * 1024;

/** The most a buffered result may be as JSON: Lambda fails an invocation whose result is larger (6 MB). */
export const MAX_RESULT_BYTES = 6 * 1024 * 1024;

let phrases: Record<number, string | undefined> | undefined;
/**
 * Node's reason phrases, taken from `node:http` as a built-in rather than imported: an ES import of
 * `node:http` reads every export of it, which on Node 24 loads Node's fetch implementation
 * (undici, some 40 ms of a cold start) that a Lambda event does not need.
 */
function reasonPhrases(): Record<number, string | undefined> {
  return (phrases ??= process.getBuiltinModule('node:http').STATUS_CODES);
}
