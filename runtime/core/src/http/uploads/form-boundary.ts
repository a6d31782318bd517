/** `; name=value` parameters of a media type, the value a token or a quoted string (one linear pass). */
const PARAMETER = /;[ \t]*([^ \t=;]+)[ \t]*=[ \t]*("(?:[^"\\]|\\.)*"|[^;]*)/g;

/** RFC 2046 §5.1.1 `bchars`: a space is allowed, but not as the last character. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * Why a `multipart/form-data` Content-Type's boundary cannot be used, or undefined when it can:
 * none, an empty one, more than one (a proxy reading the last and the parser the first would see
 * two different forms in one body), longer than the 70 characters RFC 2046 allows, or holding a
 * character it does not allow. Every browser, curl and `fetch` send a boundary that passes.
 *
 * @example
 * boundaryProblem('multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxk'); // undefined
 * boundaryProblem('multipart/form-data; boundary=a; boundary=b'); // 'The multipart/form-data Content-Type has 2 boundary parameters; send one'
 */
export function boundaryProblem(contentType: string): string | undefined {
  let boundary = '';
  let count = 0;
  // `exec` on the one expression rather than `matchAll`, which copies it for every Content-Type read.
  PARAMETER.lastIndex = 0;
  for (let match = PARAMETER.exec(contentType); match !== null; match = PARAMETER.exec(contentType)) {
    const name = match[1]!;
    if (name.length !== 8 || name.toLowerCase() !== 'boundary') continue;
    count++;
    const raw = match[2]!.trimEnd();
    // An unclosed quote is kept as it is, and then refused for its quote.
    const quoted = raw.length >= 2 && raw[0] === '"' && raw.endsWith('"');
    boundary = quoted ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  if (count === 0) return 'The multipart/form-data Content-Type has no boundary parameter';
  if (count > 1) return `The multipart/form-data Content-Type has ${count} boundary parameters; send one`;
  if (boundary.length === 0 || boundary.length > 70) return `The multipart/form-data boundary must be 1 to 70 characters long (RFC 2046); it has ${boundary.length}`;
  if (!BOUNDARY.test(boundary)) return "The multipart/form-data boundary holds a character RFC 2046 does not allow (letters, digits, spaces and '()+_,-./:=? only, not ending in a space)";
  return undefined;
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
