/** Runs of characters a URL cannot hold as they are, and `%` not starting an escape (encodeurl's set). */
const UNSAFE = /(?:[^\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]|%(?:[^0-9A-Fa-f]|[0-9A-Fa-f][^0-9A-Fa-f]|$))+/g;
/**
 * A lone surrogate, which `encodeURI` cannot encode (it throws). Looked at around, not consumed:
 * encodeurl's form eats the next character, so the second of two lone ones stayed (a 500).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A redirect's target as a `Location` value: what a URL cannot hold as it is (a space, non-ASCII
 * letters, CR, LF, a `%` that starts no escape) percent-encoded in UTF-8, escapes already there
 * kept, as Express's `res.redirect` sends it. Else a target such as `/café` failed as a header
 * value (a 500), and CR or LF could never start a header of their own.
 *
 * @example
 * locationUrl('/pages/café?q=a b'); // '/pages/caf%C3%A9?q=a%20b'
 * locationUrl('/a%20b');            // '/a%20b'
 */
export function locationUrl(url: string): string {
  return url.replace(LONE_SURROGATE, '\uFFFD').replace(UNSAFE, encodeURI);
}
