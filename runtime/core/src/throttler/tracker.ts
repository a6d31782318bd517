import type { ExecutionContext } from '../chain/execution-context.js';

/** The first address of an `X-Forwarded-For` value (`client, proxy1, proxy2`), or '' when blank. */
export function firstForwardedAddress(value: string): string {
  const comma = value.indexOf(',');
  return (comma === -1 ? value : value.slice(0, comma)).trim();
}

function metadataValue(values: readonly unknown[]): string {
  const first = values[0];
  return first === undefined ? '' : String(first);
}

/**
 * The caller's address as the throttler sees it by default.
 *
 * With `trustProxy`: the first address of `X-Forwarded-For`, else `X-Real-IP`, else the
 * connection's address; on gRPC calls the same metadata keys, else the peer address. Without it:
 * the connection (peer) address only, since clients can write those headers themselves.
 *
 * @example
 * addressOf(context, true); // '203.0.113.7' for `X-Forwarded-For: 203.0.113.7, 10.0.0.2`
 */
export function addressOf(context: ExecutionContext, trustProxy: boolean): string {
  if (trustProxy) {
    const metadata = context.grpcMetadata;
    if (metadata !== undefined) {
      const forwarded = firstForwardedAddress(metadataValue(metadata.get('x-forwarded-for')));
      if (forwarded !== '') return forwarded;
      const real = metadataValue(metadata.get('x-real-ip')).trim();
      if (real !== '') return real;
    } else {
      const forwardedHeader = context.req.header('x-forwarded-for');
      if (forwardedHeader !== undefined) {
        const forwarded = firstForwardedAddress(forwardedHeader);
        if (forwarded !== '') return forwarded;
      }
      const real = context.req.header('x-real-ip')?.trim();
      if (real) return real;
    }
  }
  return context.getRemoteAddress();
}
