import { isIPv4Text, parseAddress } from './ip-address.js';

/**
 * The proxies `trustProxy: true` (the default) trusts: loopback only, IPv4 and IPv6 (IPv4-mapped
 * IPv6 addresses such as `::ffff:127.0.0.1` match the IPv4 range). A proxy on the same host
 * (nginx, a sidecar) connects from there; any other proxy is listed by the application, because a
 * client on the same private network could otherwise name itself in `X-Forwarded-For`.
 *
 * @example
 * ThrottlerModule.forRoot(throttlers, { trustProxy: [...DEFAULT_TRUSTED_PROXIES, '10.0.3.0/24'] });
 */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = Object.freeze(['127.0.0.0/8', '::1/128']);

/**
 * Private, link-local and unique-local networks (RFC 1918, RFC 3927, RFC 4193, RFC 4291). Trust
 * them only when every client on them is a proxy of yours (a Kubernetes pod network where only the
 * ingress controller reaches the application); a narrower range is better.
 *
 * @example
 * ThrottlerModule.forRoot(throttlers, { trustProxy: [...DEFAULT_TRUSTED_PROXIES, ...PRIVATE_NETWORKS] });
 */
export const PRIVATE_NETWORKS: readonly string[] = Object.freeze([
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  'fc00::/7',
  'fe80::/10',
]);

/** One range: its first `prefix` bits, as eight 16-bit groups (the rest zeroed). */
interface Range {
  readonly groups: Uint16Array;
  readonly prefix: number;
}

// Where a checked address is parsed: one buffer, so a check allocates nothing.
const scratch = new Uint16Array(8);

function rangeOf(text: string): Range | undefined {
  const slash = text.indexOf('/');
  const end = slash === -1 ? text.length : slash;
  const groups = new Uint16Array(8);
  if (!parseAddress(text, groups, 0, end)) return undefined;
  // An IPv4 range's prefix counts from the start of its IPv4-mapped form (bit 96).
  const offset = isIPv4Text(text, 0, end) ? 96 : 0;
  let prefix = 128;
  if (slash !== -1) {
    const bits = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(bits) || Number(bits) > 128 - offset) return undefined;
    prefix = offset + Number(bits);
  }
  for (let g = 0; g < 8; g++) groups[g] = groups[g]! & maskOf(prefix - g * 16);
  return { groups, prefix };
}

/** The mask of a group whose first `bits` bits count (all of them at 16 or more, none at 0 or less). */
function maskOf(bits: number): number {
  return bits >= 16 ? 0xffff : bits <= 0 ? 0 : (0xffff << (16 - bits)) & 0xffff;
}

/**
 * The proxies whose forwarding headers the throttler believes: a list of addresses and CIDR
 * ranges, checked without allocating.
 *
 * @example
 * const trusted = new TrustedProxies(['10.0.0.0/8', '::1'], 'trustProxy');
 * trusted.contains('10.1.2.3');         // true
 * trusted.contains('::ffff:10.1.2.3');  // true
 * trusted.contains('203.0.113.7');      // false
 */
export class TrustedProxies {
  private readonly ranges: readonly Range[];

  /** Throws a TypeError naming `where` and the entry that is neither an address nor a range. */
  constructor(entries: readonly string[], where: string) {
    this.ranges = entries.map((entry, index) => {
      const range = typeof entry === 'string' ? rangeOf(entry.trim()) : undefined;
      if (!range) {
        throw new TypeError(
          `${where}[${index}] must be an IP address or a CIDR range, such as '10.0.0.7', '10.0.0.0/8' or 'fd00::/8'; ` +
            `got ${typeof entry === 'string' ? `'${entry}'` : String(entry)}.`,
        );
      }
      return range;
    });
  }

  /** Whether `text[start, end)` is an IP address inside one of the ranges (anything else is not). */
  contains(text: string, start = 0, end = text.length): boolean {
    if (!parseAddress(text, scratch, start, end)) return false;
    for (const range of this.ranges) {
      if (inRange(scratch, range)) return true;
    }
    return false;
  }
}

function inRange(address: Uint16Array, range: Range): boolean {
  for (let g = 0, bits = range.prefix; bits > 0; g++, bits -= 16) {
    if ((address[g]! & maskOf(bits)) !== range.groups[g]) return false;
  }
  return true;
}
