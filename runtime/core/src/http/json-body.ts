import { HttpException } from '../exceptions/http-exception.js';
import { MalformedBodyException, RequestAbortedException } from '../exceptions/request-exceptions.js';
import type { HttpRouteEntry } from '../contract/tables.js';
import { isArrayEntry } from '../validation/array-body.js';
import { bodyEntryName } from '../validation/schema-check.js';
import { DEFAULT_MAX_BODY_DEPTH, DEFAULT_MAX_BODY_VALUES, refuseUnboundedJson, type JsonBounds } from './json-depth.js';

/** Parses a body's text as JSON for one route; see `jsonParserFor`. */
export type JsonBodyParser = (method: string, contentType: string | undefined, text: string) => unknown;

const jsonType = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;

/** A route's JSON parser: a 400 for a wrong Content-Type, invalid JSON or an empty body where a DTO is expected; `bounds` checked. */
export function jsonParserFor(route: HttpRouteEntry, bounds: JsonBounds = { maxDepth: DEFAULT_MAX_BODY_DEPTH, maxValues: DEFAULT_MAX_BODY_VALUES }): JsonBodyParser {
  const what = !route.body ? 'a JSON body' : isArrayEntry(route.body) ? `a JSON array of ${route.body.dto.name}` : `a JSON object matching ${bodyEntryName(route.body)}`;
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

/** A failed body read: the client gone is a RequestAbortedException; an HttpException (the limit) passes as it is. */
export function bodyReadFailure(error: unknown): HttpException {
  return error instanceof HttpException ? error : new RequestAbortedException({ cause: error });
}
