import type { AnswerHeaders } from './host-exchange.js';

// A record whose chain has no `__proto__` setter (any header name becomes an own property, as on
// `Object.create(null)`), yet whose instances keep fast properties: a null-prototype object is a
// slow dictionary, which a host's `writeHead` then walks at a cost measured on every throttled answer.
const CallHeaderRecord = function CallHeaderRecord() {} as unknown as new () => AnswerHeaders;
CallHeaderRecord.prototype = Object.create(null) as object;

/** An empty record for a call's response headers. */
export function newCallHeaders(): AnswerHeaders {
  return new CallHeaderRecord();
}

/** A header name: an RFC 9110 token. */
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A header value: no control characters but tab (no CR, LF or NUL to split a head with). */
const fieldValue = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Header names checked already, lower-cased: names are nearly always constants of the code. */
const checkedNames = new Map<string, string>();

/**
 * A header name and value checked as a host would check them (a TypeError naming the header),
 * and the name lower-cased, once per distinct name: refused when set, not when the answer is written.
 */
export function checkedHeaderName(name: string, value: string): string {
  let lower = checkedNames.get(name);
  if (lower === undefined) {
    if (!token.test(name)) throw new TypeError(`Header name must be a valid HTTP token ["${name}"]`);
    lower = name.toLowerCase();
    // Bounded: an application building names per request gains nothing but keeps its memory.
    if (checkedNames.size < 256) checkedNames.set(name, lower);
  }
  if (typeof value !== 'string' || !fieldValue.test(value)) throw new TypeError(`Invalid character in header content ["${name}"]`);
  return lower;
}
