/** The path a request is matched by: a trailing slash is not significant. */
export function routedPath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The routed path of a request target: up to the query, decoded but for `%2F`, `%25`… (as `decodeURI`), no trailing slash. */
export function pathOfTarget(target: string): string {
  for (let i = 0; i < target.length; i++) {
    const code = target.charCodeAt(i);
    if (code === 63 || code === 35) return routedPath(target.slice(0, i));
    if (code !== 37) continue;
    const end = target.slice(i).search(/[?#]/);
    return routedPath(decodedPath(end === -1 ? target : target.slice(0, i + end)));
  }
  return routedPath(target);
}

/** A path's escapes decoded (`%25` kept); a malformed one (`%zz`, a lone `%`) left as it is, the rest decoded. */
function decodedPath(path: string): string {
  const decoded = tryDecode(path, keepingPercent);
  if (!/%(?![0-9A-Fa-f]{2})/.test(path)) return decoded;
  // A lone `%` beside escapes: decoded so that the result does not read as different escapes.
  const rewritten = new URL('http://localhost');
  rewritten.pathname = decoded.replace(/[\\\t\n\r]/g, encodeURIComponent);
  return tryDecode(rewritten.pathname, keepingPercent) === decoded ? decoded : tryDecode(path.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'), keepingPercent);
}

function keepingPercent(value: string): string {
  return decodeURI(value.includes('%25') ? value.replace(/%25/g, '%2525') : value);
}

/** `decode(text)`, or, when it throws (a malformed escape), each run of escapes decoded on its own where it can be. */
export function tryDecode(text: string, decode: (text: string) => string): string {
  try {
    return decode(text);
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decode(run);
      } catch {
        return run;
      }
    });
  }
}

/** A path parameter's value as a handler gets it: percent-decoded (`a%2Fb` is `a/b`), a malformed escape left as it is. */
export function parameterValue(raw: string): string {
  return raw.includes('%') ? tryDecode(raw, decodeURIComponent) : raw;
}
