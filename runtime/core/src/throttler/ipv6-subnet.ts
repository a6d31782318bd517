import { parseAddress } from '../network/ip-address.js';

/**
 * Bits of an IPv6 address that name one caller by default: a /56, what an ISP commonly delegates
 * to one customer (and what express-rate-limit groups by). A single home or server gets at least
 * a /64, so counting each IPv6 address apart would give one caller 2^64 quotas and more.
 */
export const DEFAULT_IPV6_SUBNET = 56;

/** Checks the `ipv6Subnet` option: an integer prefix length from 1 to 128 (128 counts each address). */
export function ipv6SubnetOf(value: unknown): number {
  if (value === undefined) return DEFAULT_IPV6_SUBNET;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 128) return value;
  throw new TypeError(
    `ThrottlerModule.forRoot: ipv6Subnet must be a prefix length from 1 to 128 (56 groups the addresses ISPs give one customer, 128 counts each address); got ${String(value)}.`,
  );
}

const groups = new Uint16Array(8);

/**
 * The caller key of an address: an IPv6 address stands for its `/bits` network (written as the
 * network's first groups, `::` and the length), anything else (IPv4, an in-process caller's text)
 * for itself. Keeps the last answer, as calls come in runs from one peer.
 *
 * @example
 * const key = ipv6Grouping(56);
 * key('2001:db8:1:2a::7'); // '2001:db8:1:0::/56'
 * key('203.0.113.7');      // '203.0.113.7'
 */
export function ipv6Grouping(bits: number): (address: string) => string {
  let lastAddress = '';
  let lastKey = '';
  return (address) => {
    // Canonical IPv4 (mapped addresses included) has no ':'; nor does a non-address.
    if (bits === 128 || !address.includes(':')) return address;
    if (address === lastAddress) return lastKey;
    lastAddress = address;
    if (!parseAddress(address, groups)) return (lastKey = address);
    const kept = Math.ceil(bits / 16);
    let key = '';
    for (let g = 0; g < kept; g++) {
      const maskBits = Math.min(16, bits - g * 16);
      const value = groups[g]! & ((0xffff << (16 - maskBits)) & 0xffff);
      key += value.toString(16) + ':';
    }
    return (lastKey = `${key}:/${bits}`);
  };
}
