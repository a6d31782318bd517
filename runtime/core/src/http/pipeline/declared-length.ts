import { BodyTooLargeException } from '../../exceptions/request-exceptions.js';
import { HttpException } from '../../exceptions/http-exception.js';

const DECIMAL = /^\d{1,15}$/;

/**
 * Why a body with this `Content-Length` is not read, if it is not. A server refuses these while
 * parsing; a `Request` made by hand (a Lambda event, `app.fetch` in a test or a proxy) may carry
 * them, and an unreadable length would slip past the route stage's check against the limit.
 */
export function lengthRefusal(declared: string, transferEncoding: string | undefined): HttpException | undefined {
  if (transferEncoding !== undefined) return new HttpException(400, 'A request may not carry both Transfer-Encoding and Content-Length.');
  if (!DECIMAL.test(declared)) return new HttpException(400, `Content-Length must be one decimal number of bytes; got ${JSON.stringify(declared.slice(0, 40))}.`);
  return undefined;
}

/** Why a body read whole is refused: over the limit (its length lied), or not the length declared. */
export function lengthMismatch(length: number, declared: number, limit: number): HttpException | undefined {
  if (length > limit) return new BodyTooLargeException(limit);
  if (length !== declared) return new HttpException(400, `The request body is ${length} bytes long, not the ${declared} its Content-Length says.`);
  return undefined;
}
