import { tryDecode } from './request-path.js';

/** A query part decoded as forms encode it: `+` is a space; a malformed escape is kept as it is. */
function decoded(part: string): string {
  if (part.indexOf('+') !== -1) part = part.replace(/\+/g, ' ');
  return part.indexOf('%') === -1 ? part : tryDecode(part, decodeURIComponent);
}

/**
 * Calls `visit` with each `name=value` pair of a target's query, in order: its name decoded, the
 * pair as sent and where its `=` is (-1 without one), for `valueOf` to decode only the values kept.
 */
function eachPair(target: string, visit: (name: string, pair: string, equals: number) => void): void {
  let start = target.indexOf('?');
  if (start === -1) return;
  const hash = target.indexOf('#', start);
  const end = hash === -1 ? target.length : hash;
  while (start !== -1 && start < end) {
    let next = target.indexOf('&', start + 1);
    if (next === -1 || next > end) next = -1;
    const pair = target.slice(start + 1, next === -1 ? end : next);
    start = next;
    const equals = pair.indexOf('=');
    visit(decoded(equals === -1 ? pair : pair.slice(0, equals)), pair, equals);
  }
}

const valueOf = (pair: string, equals: number): string => (equals === -1 ? '' : decoded(pair.slice(equals + 1)));

/** Every query parameter of a request target (`@Query()`), the first of a repeated name winning, in a null-prototype record. */
export function queryOf(target: string): Record<string, string> {
  const record = Object.create(null) as Record<string, string>;
  eachPair(target, (name, pair, equals) => {
    if (name !== '' && !(name in record)) record[name] = valueOf(pair, equals);
  });
  return record;
}

/** One query parameter of a request target (its first value), or undefined. */
export function queryParam(target: string, name: string): string | undefined {
  // Most targets have no query: nothing is parsed for them.
  return target.indexOf('?') === -1 ? undefined : queryOf(target)[name];
}

/**
 * Every value of one query parameter of a request target, in order (`@Query(name)` of an array
 * type, an array member of a `@Query()` class), or undefined when the name is absent.
 */
export function queryValues(target: string, name: string): string[] | undefined {
  let values: string[] | undefined;
  eachPair(target, (pairName, pair, equals) => {
    if (pairName === name) (values ??= []).push(valueOf(pair, equals));
  });
  return values;
}
