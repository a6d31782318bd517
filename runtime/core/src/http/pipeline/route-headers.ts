import type { HttpRoute } from '../http-route.js';
import type { RouteHeaderSource } from './extension-points.js';
import { newCallHeaders } from './call-headers.js';
import type { AnswerHeaders, HeadLines, HostExchange } from './host-exchange.js';

/**
 * The headers every answer of a route starts from, prepared once at init from the route header
 * sources (extension point c). The fixed ones are kept as a host's raw head (name, value, name,
 * value…), which an answer copies whole; a call's own headers win over them. A JSON or
 * plain-text body the framework writes (an API answer) starts from `lines`; any other answer,
 * which a browser may render as a page, from `documentLines`.
 *
 * @example
 * const head = prepareRouteHead(extensions.routeHeaders, route);
 * exchange.send(200, headLines(head, call.responseHeaders, 'text/plain', 2), 'ok');
 */
export interface RouteHead {
  /** The fixed headers of every answer: `[name, value, name, value, …]`, lower-case names, later sources winning. */
  readonly lines: HeadLines;
  /** `lines` and then `content-type` and `content-length` with their values to fill in: copied whole per API answer. */
  readonly bodyLines: HeadLines;
  /** `lines` and the sources' document headers (`RouteHeaders.document`): the head of an answer that may be a page. */
  readonly documentLines: HeadLines;
  /** Every fixed header's name, to leave out one the call set itself. */
  readonly names: ReadonlySet<string>;
  /** The per-request headers of the sources (HSTS over TLS, CORS); undefined when none has any. */
  readonly perRequest: ((exchange: HostExchange) => AnswerHeaders | undefined) | undefined;
}

/**
 * Prepares the route head of `route` (undefined for the table's own answers): undefined when no
 * source adds a header (then nothing is spent per request).
 *
 * @example
 * prepareRouteHead([() => ({ fixed: { 'x-frame-options': 'SAMEORIGIN' } })], route)?.lines; // ['x-frame-options', 'SAMEORIGIN']
 */
export function prepareRouteHead(sources: readonly RouteHeaderSource[], route: HttpRoute | undefined): RouteHead | undefined {
  const fixed: AnswerHeaders = {};
  const document: AnswerHeaders = {};
  const reads: ((exchange: HostExchange) => AnswerHeaders | undefined)[] = [];
  for (const source of sources) {
    const headers = source(route);
    if (headers?.fixed) for (const name in headers.fixed) setLast(fixed, document, name.toLowerCase(), headers.fixed[name]!);
    if (headers?.document) for (const name in headers.document) setLast(document, fixed, name.toLowerCase(), headers.document[name]!);
    if (headers?.perRequest) reads.push(headers.perRequest);
  }
  const names = [...Object.keys(fixed), ...Object.keys(document)];
  if (names.length === 0 && reads.length === 0) return undefined;
  const lines = linesOf(fixed);
  const bodyLines = [...lines, 'content-type', '', 'content-length', 0];
  const documentLines = [...lines, ...linesOf(document)];
  return Object.freeze({ lines, bodyLines, documentLines, names: new Set(names), perRequest: perRequestOf(reads) });
}

/** `name` set in `into` and no longer in `other`: a later source's header wins, whichever set it names. */
function setLast(into: AnswerHeaders, other: AnswerHeaders, name: string, value: AnswerHeaders[string]): void {
  delete other[name];
  into[name] = value;
}

function linesOf(headers: AnswerHeaders): (string | number | readonly string[])[] {
  const lines: (string | number | readonly string[])[] = [];
  for (const name in headers) lines.push(name, headers[name]!);
  return lines;
}

/** The per-request headers of every source in one record (lower-case names, later sources winning). */
function perRequestOf(reads: readonly ((exchange: HostExchange) => AnswerHeaders | undefined)[]): RouteHead['perRequest'] {
  if (reads.length === 0) return undefined;
  return (exchange) => {
    let record: AnswerHeaders | undefined;
    for (const read of reads) {
      const headers = read(exchange);
      for (const name in headers) (record ??= newCallHeaders())[name.toLowerCase()] = headers[name]!;
    }
    return record;
  };
}

/**
 * The head of an answer: the route's fixed lines (less those the call set), the call's headers,
 * then the type and length, which win. With a type, the answer is a JSON or plain-text body the
 * framework wrote (an API answer: `lines`); without one (a redirect, a 204), it may be shown as
 * a page (`documentLines`). One array copy when the call set nothing.
 *
 * @example
 * headLines(head, undefined, 'application/json', 11); // [...head.lines, 'content-type', 'application/json', 'content-length', 11]
 */
export function headLines(head: RouteHead, headers: AnswerHeaders | undefined, type: string | undefined, length: number | undefined): HeadLines {
  if (headers === undefined && type !== undefined && length !== undefined) {
    // A copy of a template of the right size, two slots filled: measured twice as fast as pushing.
    const lines = head.bodyLines.slice();
    lines[lines.length - 3] = type;
    lines[lines.length - 1] = length;
    return lines;
  }
  const base = type === undefined ? head.documentLines : head.lines;
  const lines = headers === undefined ? base.slice() : mergedLines(base, headers, type !== undefined);
  if (type !== undefined) lines.push('content-type', type);
  if (length !== undefined) lines.push('content-length', length);
  return lines;
}

function mergedLines(fixed: HeadLines, headers: AnswerHeaders, typed: boolean): (string | number | readonly string[])[] {
  const lines: (string | number | readonly string[])[] = [];
  for (let i = 0; i < fixed.length; i += 2) if (!(fixed[i]! as string in headers)) lines.push(fixed[i]!, fixed[i + 1]!);
  for (const name in headers) if (!typed || (name !== 'content-type' && name !== 'content-length')) lines.push(name, headers[name]!);
  return lines;
}

/**
 * The route head and a call's headers as one record (a call's headers winning): for the answers
 * that take a record (a returned `Response`, an encoded body, an event stream). `api`: the
 * answer is a JSON or plain-text body the framework wrote, without the document headers.
 *
 * @example
 * headRecord(head, call.responseHeaders); // { 'x-frame-options': 'SAMEORIGIN', 'x-trace': 't-1' }
 */
export function headRecord(head: RouteHead | undefined, headers: AnswerHeaders | undefined, api = false): AnswerHeaders | undefined {
  if (head === undefined) return headers;
  const record = newCallHeaders();
  const lines = api ? head.lines : head.documentLines;
  for (let i = 0; i < lines.length; i += 2) record[lines[i] as string] = lines[i + 1]!;
  for (const name in headers) record[name] = headers[name]!;
  return record;
}

/**
 * The headers every answer of a route starts from, as a function giving a fresh record per
 * answer (the fixed headers, then the per-request ones); undefined when no source adds any.
 *
 * @example
 * const startHeaders = routeHeadersOf(extensions.routeHeaders, route);
 * call.responseHeaders = startHeaders?.(exchange);
 */
export function routeHeadersOf(sources: readonly RouteHeaderSource[], route: HttpRoute | undefined): ((exchange: HostExchange) => AnswerHeaders) | undefined {
  const head = prepareRouteHead(sources, route);
  if (head === undefined) return undefined;
  return (exchange) => headRecord(head, head.perRequest?.(exchange)) ?? newCallHeaders();
}
