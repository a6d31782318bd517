import { joinedVary } from '../browser/vary.js';
import type { AnswerHeaders } from './host-exchange.js';

/** What a handler's own `Response` takes of the call's headers: lines to append, and its `Vary` joined with the call's. */
export interface CallHeaderLines {
  /** `[name, value]` pairs, lower-case names: every `set-cookie`, and each header the Response lacks. */
  readonly lines: readonly (readonly [string, string])[];
  /** The Response's `Vary` with the call's names it lacks, when both have one. */
  readonly vary: string | undefined;
}

/**
 * The call's headers (CORS, cookies, security headers, a guard's) that a handler's own `Response`
 * takes: its own headers win, except `Set-Cookie`, always added, and `Vary`, joined (so CORS's
 * `Origin` survives a handler's `Vary`); a `Content-Length` is never taken (the body sets it).
 * None for a Response that cannot be rebuilt (`Response.error()`, status 0) or whose body was
 * read, or when nothing is to add. Every host adapter applies this one rule to its own kind of head.
 *
 * @example
 * const extra = callHeaderLines(new Response('hi', { headers: { vary: 'Accept' } }), { vary: 'Origin', 'x-a': '1' });
 * // { lines: [['x-a', '1']], vary: 'Accept, Origin' }
 */
export function callHeaderLines(response: Response, callHeaders: AnswerHeaders | undefined): CallHeaderLines | undefined {
  if (callHeaders === undefined || response.status < 200 || response.bodyUsed) return undefined;
  const own = response.headers;
  const lines: [string, string][] = [];
  let vary: string | undefined;
  for (const name in callHeaders) {
    // The Response's body decides its length.
    if (name === 'content-length') continue;
    const value = callHeaders[name]!;
    if (name === 'set-cookie' || !own.has(name)) {
      if (Array.isArray(value)) for (const line of value as readonly string[]) lines.push([name, line]);
      else lines.push([name, String(value)]);
    } else if (name === 'vary') vary = joinedVary(own.get('vary')!, String(value));
  }
  return lines.length === 0 && vary === undefined ? undefined : { lines, vary };
}
