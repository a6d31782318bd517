import { HttpException } from '../exceptions/http-exception.js';
import { MalformedBodyException, RequestAbortedException } from '../exceptions/request-exceptions.js';
import type { HttpRouteEntry } from '../contract/tables.js';
import { bodyEntryName } from '../validation/schema-check.js';
import { DEFAULT_MAX_BODY_DEPTH, DEFAULT_MAX_BODY_VALUES, refuseUnboundedJson, type JsonBounds } from './json-depth.js';

/**
 * Parses a body's text as JSON for one route; see `jsonParserFor`. Transport-neutral: each server
 * path hands it the request's method and Content-Type as it reads them.
 */
export type JsonBodyParser = (method: string, contentType: string | undefined, text: string) => unknown;

const jsonType = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;

/**
 * The JSON parser of a route's body, built once at init: a MalformedBodyException for a wrong
 * Content-Type, invalid JSON, JSON past its `bounds` (depth: 400; values: 413), or an empty body
 * where a DTO is expected (an empty body is `undefined` on a route without one).
 */
export function jsonParserFor(route: HttpRouteEntry, bounds: JsonBounds = { maxDepth: DEFAULT_MAX_BODY_DEPTH, maxValues: DEFAULT_MAX_BODY_VALUES }): JsonBodyParser {
  const what = route.body ? `a JSON object matching ${bodyEntryName(route.body)}` : 'a JSON body';
  return (method, type, text) => {
    if (text.trim() === '') {
      if (!route.body) return undefined;
      throw new MalformedBodyException(`Request body is empty; ${method} ${route.path} expects ${what}`);
    }
    if (!type || !jsonType.test(type)) {
      throw new MalformedBodyException(
        `Request body must be sent with Content-Type: application/json (got ${type ? `'${type}'` : 'no Content-Type'}); ${method} ${route.path} expects ${what}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new MalformedBodyException(`Request body is not valid JSON: ${(error as Error).message}`);
    }
    refuseUnboundedJson(parsed, bounds);
    return parsed;
  };
}

/**
 * What a failed body read becomes: the client closing or resetting the connection, a
 * RequestAbortedException (an HttpException from the body limit passes as it is).
 */
export function bodyReadFailure(error: unknown): HttpException {
  return error instanceof HttpException ? error : new RequestAbortedException({ cause: error });
}
