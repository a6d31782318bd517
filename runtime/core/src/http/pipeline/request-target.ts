// The request targets and hosts taken as they are: any other is read through the WHATWG URL
// parser, so that every host sees the URL a fetch host's `Request` would have.
const plainTarget = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const dotSegment = /\/\.\.?(?:[/?#]|$)/;
const plainHost = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/** The last host found plain: a client's requests carry the same one, tested once. */
let lastPlainHost = '';

/**
 * A request target as a Web `Request`'s URL gives it (dot segments resolved, escaped as the URL
 * parser escapes; plain ones unparsed), `headers.host` set to its authority; a `URIError` for what no URL is.
 */
export function normalisedTarget(target: string, headers: { host?: string }, fallbackHost: string | undefined, scheme: 'http' | 'https'): string {
  if (target.charCodeAt(0) !== 47 && (target.startsWith('http://') || target.startsWith('https://'))) return targetOf(parsed(target), headers);
  // An empty `Host` is a missing one.
  const host = headers.host || fallbackHost;
  if (!host) throw new URIError('Missing host header');
  if (host !== lastPlainHost && !plainHost.test(host)) {
    const url = parsed(`${scheme}://${host}${target}`);
    const hostname = host.includes(':') ? host.replace(/:\d+$/, '') : host;
    if (url.hostname.length !== host.length && url.hostname !== hostname.toLowerCase()) throw new URIError('Invalid host header');
    return targetOf(url, headers);
  }
  lastPlainHost = host;
  if (host !== headers.host) headers.host = host;
  if (target === '') return '/';
  if (target.charCodeAt(0) !== 47) throw new URIError('Invalid URL');
  if (plainTarget.test(target) && (!target.includes('/.') || !dotSegment.test(target))) return target;
  return targetOf(parsed(`${scheme}://${host}${target}`), headers);
}

function parsed(url: string): URL {
  const backslash = url.indexOf('\\');
  if (backslash !== -1) {
    const query = url.indexOf('?');
    if (query === -1 || backslash < query) throw new URIError('Backslash in request path');
  }
  try {
    return new URL(url);
  } catch {
    throw new URIError('Invalid URL');
  }
}

/** A URL's path and query (its fragment too, when a client sent one); its authority is the request's. */
function targetOf(url: URL, headers: { host?: string }): string {
  if (headers.host !== url.host) headers.host = url.host;
  return url.pathname + url.search + url.hash;
}
