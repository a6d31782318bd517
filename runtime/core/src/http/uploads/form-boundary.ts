/**
 * `; name=value` parameters of a media type, the value a token or a quoted string (one linear
 * pass); what follows a closing quote up to the next `;` stays in the value, to be refused.
 */
const PARAMETER = /;[ \t]*([^ \t=;]+)[ \t]*=[ \t]*("(?:[^"\\]|\\.)*"[^;]*|[^;]*)/g;

/** RFC 2046 §5.1.1 `bchars`: a space is allowed, but not as the last character. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** Names the parser also reads as the boundary: `boundary`, and RFC 2231's `boundary*`, `boundary*0`… */
const BOUNDARY_NAME = /^boundary(\*|$)/i;

/**
 * The boundary of a `multipart/form-data` Content-Type, or why it cannot be used: none, an empty
 * one, more than one (a proxy reading the last and the parser the first would see two different
 * forms in one body; RFC 2231's `boundary*` counts, as the parser reads it too), one only in
 * `boundary*` notation, a space outside quotes (a token holds none, and the parser drops it),
 * longer than the 70 characters RFC 2046 allows, or holding a character it does not allow. Every
 * browser, curl and `fetch` send a boundary that passes. The parser is then handed this boundary
 * alone ({@link boundaryContentType}), so that it reads the one checked here.
 *
 * @example
 * formBoundary('multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxk'); // { boundary: '----WebKitFormBoundary7MA4YWxk' }
 * formBoundary('multipart/form-data; boundary=a; boundary=b'); // { problem: 'The multipart/form-data Content-Type has 2 boundary parameters; send one' }
 */
export function formBoundary(contentType: string): { readonly boundary: string } | { readonly problem: string } {
  let boundary = '';
  let count = 0;
  let extended = false;
  let unquotedSpace = false;
  // `exec` on the one expression rather than `matchAll`, which copies it for every Content-Type read.
  PARAMETER.lastIndex = 0;
  for (let match = PARAMETER.exec(contentType); match !== null; match = PARAMETER.exec(contentType)) {
    const name = match[1]!;
    if (name.length < 8 || !BOUNDARY_NAME.test(name)) continue;
    count++;
    extended = name.length > 8;
    const raw = match[2]!.trimEnd();
    // An unclosed quote is kept as it is, and then refused for its quote.
    const quoted = raw.length >= 2 && raw[0] === '"' && raw.endsWith('"');
    unquotedSpace = !quoted && raw.includes(' ');
    boundary = quoted ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  if (count === 0) return { problem: 'The multipart/form-data Content-Type has no boundary parameter' };
  if (count > 1) return { problem: `The multipart/form-data Content-Type has ${count} boundary parameters; send one` };
  if (extended) return { problem: 'The multipart/form-data Content-Type gives its boundary as boundary* (RFC 2231); send boundary= (RFC 2046)' };
  if (unquotedSpace) return { problem: 'The multipart/form-data boundary holds a space outside quotes; quote it (boundary="…")' };
  if (boundary.length === 0 || boundary.length > 70) return { problem: `The multipart/form-data boundary must be 1 to 70 characters long (RFC 2046); it has ${boundary.length}` };
  if (!BOUNDARY.test(boundary)) return { problem: "The multipart/form-data boundary holds a character RFC 2046 does not allow (letters, digits, spaces and '()+_,-./:=? only, not ending in a space)" };
  return { boundary };
}

/**
 * The Content-Type the parser is given for a checked boundary: that boundary alone, quoted (its
 * characters never need an escape), whatever else the request's Content-Type held.
 *
 * @example
 * boundaryContentType('a b'); // 'multipart/form-data; boundary="a b"'
 */
export function boundaryContentType(boundary: string): string {
  return `multipart/form-data; boundary="${boundary}"`;
}

/** Control characters (NUL included): no form a browser sends has them in a part's name. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether a part's name holds a control character: refused, since such a name would reach
 * logs, error messages and the handler's record as it is.
 *
 * @example
 * hasControlCharacter('ti\u0000tle'); // true
 */
export function hasControlCharacter(name: string): boolean {
  return CONTROL.test(name);
}
