import type { AnswerHeaders } from './host-exchange.js';

// A record whose chain has no `__proto__` setter, yet with fast properties: a null-prototype
// object is a slow dictionary, which a host's `writeHead` then walks (measured on throttled answers).
const CallHeaderRecord = function CallHeaderRecord() {} as unknown as new () => AnswerHeaders;
CallHeaderRecord.prototype = Object.create(null) as object;

/** An empty record for a call's response headers. */
export function newCallHeaders(): AnswerHeaders {
  return new CallHeaderRecord();
}

const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** No control characters but tab in a value. */
const fieldValue = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Names checked already, lower-cased: nearly always constants of the code. */
const checkedNames = new Map<string, string>();

/** A header name and value checked as a host would (a TypeError naming it), the name lower-cased, when set. */
export function checkedHeaderName(name: string, value: string): string {
  let lower = checkedNames.get(name);
  if (lower === undefined) {
    if (!token.test(name)) throw new TypeError(`Header name must be a valid HTTP token ["${name}"]`);
    lower = name.toLowerCase();
    // The host frames the body: its own Content-Length beside a handler's chunked coding would
    // let a proxy read the answer's end where the client does not.
    if (lower === 'transfer-encoding') throw new TypeError('Transfer-Encoding is set by the server, which frames the body; a handler cannot set it.');
    // Bounded: an application building names per request gains nothing but keeps its memory.
    if (checkedNames.size < 256) checkedNames.set(name, lower);
  }
  if (typeof value !== 'string' || !fieldValue.test(value)) throw new TypeError(`Invalid character in header content ["${name}"]`);
  return lower;
}
