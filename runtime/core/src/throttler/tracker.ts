import type { ExecutionContext } from '../chain/execution-context.js';

/** The first address of an `X-Forwarded-For` value (`client, proxy1, proxy2`), or '' when blank. */
export function firstForwardedAddress(value: string): string {
  const comma = value.indexOf(',');
  return (comma === -1 ? value : value.slice(0, comma)).trim();
}

// An IPv4 or IPv6 address in text form (at most 45 characters). Anything else in a forwarding
// header is ignored, so a client cannot mint unbounded counter keys of its own choosing.
const addressShape = /^[0-9A-Fa-f:.]{2,45}$/;

function plausible(address: string | undefined): string | undefined {
  const trimmed = address?.trim();
  return trimmed && addressShape.test(trimmed) ? trimmed : undefined;
}

/**
 * The caller's address as the throttler sees it by default.
 *
 * HTTP with `trustProxy`: the first address of `X-Forwarded-For`, else `X-Real-IP`, else the
 * connection's address (values that are not IP addresses are ignored). Without it: the connection
 * address only, since clients can write those headers themselves. gRPC calls: the peer address
 * (override `getTracker` to use, say, an `x-api-key` metadata value).
 *
 * @example
 * addressOf(context, true); // '203.0.113.7' for `X-Forwarded-For: 203.0.113.7, 10.0.0.2`
 */
export function addressOf(context: ExecutionContext, trustProxy: boolean): string {
  if (trustProxy && context.grpcMetadata === undefined) {
    const forwarded = context.req.header('x-forwarded-for');
    const fromHeaders = plausible(forwarded === undefined ? undefined : firstForwardedAddress(forwarded)) ?? plausible(context.req.header('x-real-ip'));
    if (fromHeaders) return fromHeaders;
  }
  return context.getRemoteAddress();
}
