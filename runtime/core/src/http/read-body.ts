import type { Context } from 'hono';
import { HttpException } from '../exceptions/http-exception.js';
import { MalformedBodyException, RequestAbortedException } from '../exceptions/request-exceptions.js';
import { requestHeader } from './request-header.js';
import type { HttpRouteEntry } from '../tables.js';
import { bodyValidatorFor } from '../validation/body-validator.js';
import { isThenable } from '../chain/thenable.js';

/** Reads a route's body into `call.body`: JSON only; with a DTO it is validated and hydrated. */
export type BodyReader = (c: Context, call: { body: unknown }) => Promise<void>;

/** Parses a body's text as JSON; see `jsonParserFor`. */
export type JsonBodyParser = (c: Context, text: string) => unknown;

const jsonType = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;

/**
 * What a failed body read becomes: the client closing or resetting the connection, a
 * RequestAbortedException (an HttpException from the body limit passes as it is).
 */
export function bodyReadFailure(error: unknown): HttpException {
  return error instanceof HttpException ? error : new RequestAbortedException({ cause: error });
}

/**
 * The JSON parser of a route's body, built once at init: a MalformedBodyException for a wrong
 * Content-Type, invalid JSON, or an empty body where a DTO is expected (an empty body is
 * `undefined` on a route without one).
 *
 * @example
 * const parse = jsonParserFor(route); // per request: parse(c, await c.req.text())
 */
export function jsonParserFor(route: HttpRouteEntry): JsonBodyParser {
  const what = route.body ? `a JSON object matching ${route.body.dto.name}` : 'a JSON body';
  return (c, text) => {
    if (text.trim() === '') {
      if (!route.body) return undefined;
      throw new MalformedBodyException(`Request body is empty; ${c.req.method} ${route.path} expects ${what}`);
    }
    const type = requestHeader(c, 'content-type');
    if (!type || !jsonType.test(type)) {
      throw new MalformedBodyException(
        `Request body must be sent with Content-Type: application/json (got ${type ? `'${type}'` : 'no Content-Type'}); ${c.req.method} ${route.path} expects ${what}`,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new MalformedBodyException(`Request body is not valid JSON: ${(error as Error).message}`);
    }
  };
}

/**
 * Builds the body reader of a route once, at init: what the request chain's body step runs.
 *
 * @example
 * const read = bodyReaderFor(route); // per request: await read(c, call), then call.body is set
 */
export function bodyReaderFor(route: HttpRouteEntry): BodyReader {
  const parse = jsonParserFor(route);
  const validator = route.body ? bodyValidatorFor(route.body) : undefined;
  // One promise step per request: the read, then parsing, validation and the assignment.
  return (c, call) =>
    c.req.text().then(
      (text) => {
        const body = validator ? validator(parse(c, text)) : parse(c, text);
        // The class-validator fallback answers with a promise; a compiled validator never does.
        if (isThenable(body)) return Promise.resolve(body).then((value) => void (call.body = value));
        call.body = body;
      },
      (error: unknown) => {
        throw bodyReadFailure(error);
      },
    );
}
