import type { IncomingMessage } from 'node:http';
import { trimmedHeaderValue as trimmed } from '../../pipeline/header-value.js';

/** Headers Node keeps once (dropping repeats), which `Headers` joins: read from the raw lines. */
const keptOnceByNode = new Set([
  'age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since',
  'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer', 'retry-after',
  'server', 'user-agent',
]);

/** Whether a raw header name is `lower` in any case, without allocating a lower-cased copy. */
function sameName(raw: string, lower: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code !== lower.charCodeAt(i) && (code < 65 || code > 90 || code + 32 !== lower.charCodeAt(i))) return false;
  }
  return true;
}

/** One request header as `Request.headers.get` gives it (repeated lines joined), without a `Headers` object. */
export function requestHeaderOf(incoming: IncomingMessage, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (!keptOnceByNode.has(lower) && lower !== 'set-cookie' && lower !== '__proto__') {
    const value = incoming.headers[lower];
    if (typeof value === 'string') return trimmed(value);
    // Node sets no header to `undefined`: not there is not sent.
    if (value === undefined) return undefined;
  }
  // Absent from the parsed headers is absent from the raw lines too (Node keeps a repeated one's first).
  else if (incoming.headers[lower] === undefined && lower !== 'set-cookie' && lower !== '__proto__') return undefined;
  const raw = incoming.rawHeaders;
  const separator = lower === 'cookie' ? '; ' : ', ';
  let joined: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const rawName = raw[i]!;
    if (rawName.length === lower.length && sameName(rawName, lower)) {
      const value = trimmed(raw[i + 1]!);
      joined = joined === undefined ? value : joined + separator + value;
    }
  }
  return joined;
}

/** Every request header as a null-prototype record of lower-case names, repeated lines joined as `Headers` joins them. */
export function requestHeadersOf(incoming: IncomingMessage): Record<string, string> {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const record = Object.create(null) as Record<string, string>;
  headers.forEach((value, name) => (record[name] = value));
  return record;
}
