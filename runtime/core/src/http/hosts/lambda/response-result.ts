import { STATUS_CODES } from 'node:http';
import type { EventKind } from './events.js';

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

// Bodies of these types go back as text; every other one as base64, byte for byte.
const TEXT_TYPE = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml)\b|application\/(?:javascript|x-www-form-urlencoded)\b|image\/svg\+xml\b)/i;

/**
 * The Lambda result of a Web `Response` for an event of kind `kind`: payload 2.0 with `cookies`,
 * REST API and multi-value ALB events with `multiValueHeaders` (every `Set-Cookie` kept), a
 * plain ALB event with `headers` (one `Set-Cookie` at most: turn multi-value headers on for
 * more). Text bodies are sent as text, others base64-encoded.
 *
 * @example
 * await resultOf(new Response('{"id":1}', { headers: { 'content-type': 'application/json' } }), 'http-api');
 * // { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: '{"id":1}', isBase64Encoded: false }
 */
export async function resultOf(response: Response, kind: EventKind): Promise<LambdaHttpResult> {
  const bytes = await bodyWithin(response, MAX_RESULT_BODY_BYTES);
  if (bytes === undefined) {
    const message = `The answer is larger than a Lambda function can return (${MAX_RESULT_BODY_BYTES} bytes of body here, 6 MB of result): stream it with lambdaStreamingHandler.`;
    return resultOf(new Response(JSON.stringify({ status: 500, name: 'InternalServerErrorException', message }), { status: 500, headers: { 'content-type': 'application/json' } }), kind);
  }
  const asText = bytes.length === 0 || TEXT_TYPE.test(response.headers.get('content-type') ?? '');
  const body = asText ? bytes.toString('utf8') : bytes.toString('base64');
  const result: LambdaHttpResult = { statusCode: response.status, body, isBase64Encoded: !asText };
  const cookies = response.headers.getSetCookie();
  if (kind === 'http-api') {
    result.headers = singleHeaders(response.headers);
    result.cookies = cookies;
  } else if (kind === 'rest-api' || kind === 'alb-multi-value') {
    const multi: Record<string, string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') multi[name] = [value];
    });
    if (cookies.length > 0) multi['set-cookie'] = cookies;
    result.multiValueHeaders = multi;
  } else {
    result.headers = singleHeaders(response.headers);
    if (cookies.length > 0) result.headers['set-cookie'] = cookies[cookies.length - 1]!;
  }
  if (kind === 'alb' || kind === 'alb-multi-value') result.statusDescription = `${response.status} ${STATUS_CODES[response.status] ?? 'Status'}`;
  return result;
}

/**
 * The most body a buffered result carries: Lambda refuses results over 6 MB, and base64 makes
 * binary bodies a third larger.
 */
export const MAX_RESULT_BODY_BYTES = 4.5 * 1024 * 1024;

/** The body's bytes, or undefined (the rest cancelled) once they pass `limit`. */
async function bodyWithin(response: Response, limit: number): Promise<Buffer | undefined> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

/** Every header but `Set-Cookie`, each with its (comma-joined) value. */
function singleHeaders(headers: Headers): Record<string, string> {
  const single: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') single[name] = value;
  });
  return single;
}
