// The request targets and hosts taken as they are: any other is read through the WHATWG URL
// parser, so that every host sees the URL a fetch host's `Request` would have.
const plainTarget = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const dotSegment = /\/\.\.?(?:[/?#]|$)/;
const plainHost = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** Why a request's URL is refused (a 400): it cannot be read as a URL. */
export class UnreadableTarget extends Error {}

/**
 * The request target of a request line as a Web `Request`'s URL gives it (path and query, from
 * its first `/`): dot segments resolved, characters the URL parser escapes escaped. Plain targets
 * (most) come back as they are, without a URL parse. An absolute-form target is read whole.
 * Throws `UnreadableTarget` for what no URL is: no host, a host that is not one, a backslash in
 * the path, a target that starts with neither `/` nor a scheme.
 *
 * @example
 * normalisedTarget('/a/../b?x', 'localhost:3000', 'http'); // '/b?x'
 */
export function normalisedTarget(target: string, host: string | undefined, scheme: 'http' | 'https'): string {
  if (target.startsWith('http://') || target.startsWith('https://')) return targetOf(absoluteTarget(target));
  if (!host) throw new UnreadableTarget('Missing host header');
  if (!plainHost.test(host)) {
    const url = parsed(`${scheme}://${host}${target}`);
    const hostname = host.includes(':') ? host.replace(/:\d+$/, '') : host;
    if (url.hostname.length !== host.length && url.hostname !== hostname.toLowerCase()) throw new UnreadableTarget('Invalid host header');
    return targetOf(url);
  }
  if (target === '') return '/';
  if (target.charCodeAt(0) !== 47) throw new UnreadableTarget('Invalid URL');
  if (plainTarget.test(target) && !dotSegment.test(target)) return target;
  return targetOf(parsed(`${scheme}://${host}${target}`));
}

/**
 * An absolute-form target (`GET http://example.com/a HTTP/1.1`, as sent to a proxy) read as a URL;
 * its authority stands for the `Host` header (RFC 9112 §3.2.2), its scheme is not believed: the
 * connection tells whether the request came over TLS.
 *
 * @example
 * absoluteTarget('http://example.com:8080/a?b').host; // 'example.com:8080'
 */
export function absoluteTarget(target: string): URL {
  return parsed(target);
}

/**
 * The authority of a request as its URL gives it: a plain `Host` as it is, any other as the URL
 * parser writes it (lower case, without the scheme's default port). For a host that
 * `normalisedTarget` accepted.
 *
 * @example
 * normalisedHost('Example.COM:80', 'http'); // 'example.com'
 */
export function normalisedHost(host: string, scheme: 'http' | 'https'): string {
  return plainHost.test(host) ? host : parsed(`${scheme}://${host}/`).host;
}

function parsed(url: string): URL {
  const backslash = url.indexOf('\\');
  if (backslash !== -1) {
    const query = url.indexOf('?');
    if (query === -1 || backslash < query) throw new UnreadableTarget('Backslash in request path');
  }
  try {
    return new URL(url);
  } catch {
    throw new UnreadableTarget('Invalid URL');
  }
}

/** A URL's path and query (its fragment too, when a client sent one). */
function targetOf(url: URL): string {
  return url.pathname + url.search + url.hash;
}
