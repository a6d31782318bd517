import type { Context } from 'hono';
import { HttpException } from '../exceptions/http-exception.js';
import { MalformedBodyException, RequestAbortedException } from '../exceptions/request-exceptions.js';
import type { HttpRouteEntry } from '../tables.js';
import { bodyValidatorFor } from '../validation/body-validator.js';
import { isThenable } from '../chain/thenable.js';

/** Reads a route's body into `call.body`: JSON only; with a DTO it is validated and hydrated. */
export type BodyReader = (c: Context, call: { body: unknown }) => Promise<void>;

const jsonType = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;

/** A failed body read is the client closing or resetting the connection: a RequestAbortedException. */
function abortedRead(error: unknown): never {
  throw error instanceof HttpException ? error : new RequestAbortedException({ cause: error });
}

/**
 * Builds the body reader of a route once, at init.
 *
 * @example
 * const read = bodyReaderFor(route); // per request: await read(c, call), then call.body is set
 */
export function bodyReaderFor(route: HttpRouteEntry): BodyReader {
  const validator = route.body ? bodyValidatorFor(route.body) : undefined;
  const what = route.body ? `a JSON object matching ${route.body.dto.name}` : 'a JSON body';
  const parse = (c: Context, text: string): unknown => {
    if (text.trim() === '') {
      if (!validator) return undefined;
      throw new MalformedBodyException(`Request body is empty; ${c.req.method} ${route.path} expects ${what}`);
    }
    const type = c.req.header('content-type');
    if (!type || !jsonType.test(type)) {
      throw new MalformedBodyException(
        `Request body must be sent with Content-Type: application/json (got ${type ? `'${type}'` : 'no Content-Type'}); ${c.req.method} ${route.path} expects ${what}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new MalformedBodyException(`Request body is not valid JSON: ${(error as Error).message}`);
    }
    return validator ? validator(parsed) : parsed;
  };
  // One promise step per request: the read, then parsing, validation and the assignment.
  return (c, call) =>
    c.req.text().then((text) => {
      const body = parse(c, text);
      // The class-validator fallback answers with a promise; a compiled validator never does.
      if (isThenable(body)) return Promise.resolve(body).then((value) => void (call.body = value));
      call.body = body;
    }, abortedRead);
}
