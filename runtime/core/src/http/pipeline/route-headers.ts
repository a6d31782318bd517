import type { HttpRoute } from '../http-route.js';
import type { RouteHeaderSource } from './extension-points.js';
import { newCallHeaders } from './call-headers.js';
import type { AnswerHeaders, HeadLines, HostExchange } from './host-exchange.js';

/**
 * The headers every answer of a route starts from, prepared at init from the route header sources
 * as raw lines an answer copies whole (a call's own headers win). An API answer (a JSON or text body
 * the framework writes) starts from `lines`; any other, which a browser may show, from `documentLines`.
 */
export interface RouteHead {
  /** The fixed headers, later sources winning. */
  readonly lines: HeadLines;
  /** `lines`, then `content-type` and `content-length` to fill in. */
  readonly bodyLines: HeadLines;
  /** `lines` and the sources' document headers. */
  readonly documentLines: HeadLines;
  readonly names: ReadonlySet<string>;
  /** The sources' per-request headers (HSTS over TLS, CORS). */
  readonly perRequest: ((exchange: HostExchange) => AnswerHeaders | undefined) | undefined;
}

/** The route head of `route` (undefined for the table's own answers); undefined when no source adds a header. */
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

/** A later source's header wins, whichever set it is in. */
function setLast(into: AnswerHeaders, other: AnswerHeaders, name: string, value: AnswerHeaders[string]): void {
  delete other[name];
  into[name] = value;
}

function linesOf(headers: AnswerHeaders): (string | number | readonly string[])[] {
  const lines: (string | number | readonly string[])[] = [];
  for (const name in headers) lines.push(name, headers[name]!);
  return lines;
}

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

/** An answer's head: the route's lines (less those the call set), the call's headers, then type and length; with no type, a document's head. */
export function headLines(head: RouteHead, headers: AnswerHeaders | undefined, type: string | undefined, length: number | undefined): HeadLines {
  if (headers === undefined && type !== undefined && length !== undefined) {
    // A copy of a template of the right size, two slots filled: measured twice as fast as pushing.
    const lines = head.bodyLines.slice();
    lines[lines.length - 3] = type;
    lines[lines.length - 1] = length;
    return lines;
  }
  const base = type === undefined ? head.documentLines : head.lines;
  const lines = headers === undefined ? base.slice() : mergedLines(head, base, headers, type !== undefined);
  if (type !== undefined) lines.push('content-type', type);
  if (length !== undefined) lines.push('content-length', length);
  return lines;
}

type Lines = (string | number | readonly string[])[];

/** The route's lines, then the call's headers: in one copy while the call sets none of the route's own. */
function mergedLines(head: RouteHead, base: HeadLines, headers: AnswerHeaders, typed: boolean): Lines {
  const lines = base.slice();
  for (const name in headers) {
    if (typed && (name === 'content-type' || name === 'content-length')) continue;
    if (head.names.has(name)) return shadowedLines(base, headers, typed);
    lines.push(name, headers[name]!);
  }
  return lines;
}

function shadowedLines(fixed: HeadLines, headers: AnswerHeaders, typed: boolean): Lines {
  const lines: Lines = [];
  for (let i = 0; i < fixed.length; i += 2) if (!(fixed[i]! as string in headers)) lines.push(fixed[i]!, fixed[i + 1]!);
  for (const name in headers) if (!typed || (name !== 'content-type' && name !== 'content-length')) lines.push(name, headers[name]!);
  return lines;
}

/** The route head and a call's headers (winning) as one record, for answers that take one; `api` leaves the document headers out. */
export function headRecord(head: RouteHead | undefined, headers: AnswerHeaders | undefined, api = false): AnswerHeaders | undefined {
  if (head === undefined) return headers;
  const record = newCallHeaders();
  const lines = api ? head.lines : head.documentLines;
  for (let i = 0; i < lines.length; i += 2) record[lines[i] as string] = lines[i + 1]!;
  for (const name in headers) record[name] = headers[name]!;
  return record;
}

/** A fresh record per answer of the route's fixed, then per-request headers; undefined when no source adds any. */
export function routeHeadersOf(sources: readonly RouteHeaderSource[], route: HttpRoute | undefined): ((exchange: HostExchange) => AnswerHeaders) | undefined {
  const head = prepareRouteHead(sources, route);
  if (head === undefined) return undefined;
  return (exchange) => headRecord(head, head.perRequest?.(exchange)) ?? newCallHeaders();
}
