import type { ExecutionContext } from '../contract/execution-context.js';
import { canonicalAddress } from './ip-address.js';
import type { TrustedProxies } from './trusted-proxies.js';

function isSpace(code: number): boolean {
  return code === 32 || code === 9;
}

/**
 * The client address of an `X-Forwarded-For` value (`client, proxy1, proxy2`) as seen through
 * trusted proxies: walking from the right (the hop nearest to us), the first address that is not
 * a trusted proxy; the leftmost when every one is trusted. The walk stops at a value that is not
 * an IP address and keeps the last address before it, so a client cannot mint counter keys of
 * its own choosing. `undefined` when the rightmost value is not an address. The address comes
 * back in its canonical spelling (`canonicalAddress`).
 *
 * Proxies append the address they received the request from, so everything left of the first
 * untrusted address was written by that client and proves nothing.
 *
 * @example
 * forwardedClient('198.51.100.9, 203.0.113.7, 10.0.0.2', trusted); // '203.0.113.7' (10/8 trusted)
 * forwardedClient('10.0.0.5, 10.0.0.2', trusted);                  // '10.0.0.5' (all trusted)
 */
export function forwardedClient(value: string, trusted: TrustedProxies): string | undefined {
  let client: string | undefined;
  let end = value.length;
  while (end >= 0) {
    const comma = end === 0 ? -1 : value.lastIndexOf(',', end - 1);
    let start = comma + 1;
    let stop = end;
    while (start < stop && isSpace(value.charCodeAt(start))) start++;
    while (stop > start && isSpace(value.charCodeAt(stop - 1))) stop--;
    const address = canonicalAddress(value, start, stop);
    if (address === undefined) break;
    client = address;
    if (comma === -1 || !trusted.contains(value, start, stop)) break;
    end = comma;
  }
  return client;
}

// The last connection address and its canonical form: calls come in runs from the same peers
// (`::ffff:127.0.0.1` from a local proxy), so most calls format nothing.
let lastConnection = '';
let lastRemote = '';

/** The canonical form of a connection address; a host that reports something else (an in-process call) keeps its text. */
function canonicalRemote(connection: string): string {
  if (connection !== lastConnection) {
    lastRemote = canonicalAddress(connection) ?? connection;
    lastConnection = connection;
  }
  return lastRemote;
}

/**
 * The caller's address as the throttler sees it by default.
 *
 * HTTP: the connection address, unless that is a trusted proxy (`trusted`, from the `trustProxy`
 * option) and the request carries forwarding headers: then the client `X-Forwarded-For` names
 * (see `forwardedClient`), else `X-Real-IP`, else the connection address (values that are not IP
 * addresses are ignored). Without `trusted`, the connection address only. gRPC calls: the peer
 * address (override `getTracker` to use, say, an `x-api-key` metadata value). Every address is
 * returned in one spelling (`::ffff:203.0.113.7` is `203.0.113.7`, `2001:DB8:0::1` is
 * `2001:db8::1`), so one caller cannot hold two quotas.
 *
 * @example
 * // From a proxy at 127.0.0.1 with `X-Forwarded-For: 198.51.100.9, 203.0.113.7`:
 * addressOf(context, new TrustedProxies(DEFAULT_TRUSTED_PROXIES, 'trustProxy')); // '203.0.113.7'
 * // The same request straight from 203.0.113.50: '203.0.113.50' (its headers are its own words).
 */
export function addressOf(context: ExecutionContext, trusted: TrustedProxies | undefined): string {
  // Without trusted proxies no header counts: `context.req` (built on first read on Node) is not read.
  if (context.grpcMetadata !== undefined || trusted === undefined) return canonicalRemote(context.getRemoteAddress());
  // A transport's call reads headers itself; `context.req` is for contexts made by hand.
  const headers = typeof (context as Partial<HeaderSource>).header === 'function' ? (context as unknown as HeaderSource) : context.req;
  return clientAddress(context.getRemoteAddress(), headers, trusted);
}

/** What reads one request header: an HTTP call, or its `req`. */
interface HeaderSource {
  header(name: string): string | undefined;
}

/**
 * `addressOf` over the raw facts of an HTTP request: its connection address and its headers.
 * Without `trusted`, the connection address only.
 *
 * @example
 * clientAddress('127.0.0.1', { header: (name) => headers.get(name) ?? undefined }, trusted); // the forwarded client
 */
export function clientAddress(connection: string, headers: HeaderSource, trusted: TrustedProxies | undefined): string {
  const remote = canonicalRemote(connection);
  if (trusted === undefined) return remote;
  const forwarded = headers.header('x-forwarded-for');
  const realIp = headers.header('x-real-ip');
  // Most calls carry neither header: no address is parsed for them.
  if ((forwarded === undefined && realIp === undefined) || !trusted.contains(remote)) return remote;
  const client = forwarded === undefined ? undefined : forwardedClient(forwarded, trusted);
  if (client !== undefined) return client;
  const real = realIp === undefined ? undefined : canonicalAddress(realIp.trim());
  return real ?? remote;
}
