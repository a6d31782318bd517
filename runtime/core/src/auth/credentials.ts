import type { ExecutionContext } from '../contract/execution-context.js';

/**
 * A credential sent with the call, on either transport: the first value of the gRPC metadata
 * key `name` when the call is gRPC, else the HTTP header `name`. `undefined` when absent; never
 * throws (a guard that throws on a missing header answers 500 instead of 403).
 *
 * @example
 * const apiKey = credentialOf(context, 'x-api-key');
 */
export function credentialOf(context: ExecutionContext, name: string): string | undefined {
  const metadata = context.grpcMetadata;
  if (metadata) {
    const value = metadata.get(name)[0];
    return typeof value === 'string' ? value : undefined;
  }
  return context.req?.header(name);
}

/**
 * The token of an `authorization: Bearer <token>` header (or gRPC metadata entry), or `undefined`
 * when the credential is missing, uses another scheme (`Basic …`) or carries no token.
 *
 * @example
 * const token = bearerTokenOf(context);
 * if (!token) return false;
 */
export function bearerTokenOf(context: ExecutionContext): string | undefined {
  const header = credentialOf(context, 'authorization') ?? webSocketBearer(context);
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  if (header === undefined || header.length <= 7 || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 ? token : undefined;
}

/**
 * A browser's `new WebSocket(url, ['bearer', token])` sends no `Authorization` header (the API
 * cannot set one) but offers `bearer` and the token as subprotocols: read on an upgrade request
 * only, and answered with the `bearer` subprotocol. Not the query string, which proxies and access
 * logs record, nor a cookie, which another site's page would send too (cross-site WebSocket hijacking).
 */
function webSocketBearer(context: ExecutionContext): string | undefined {
  if (context.grpcMetadata || context.req.header('upgrade')?.toLowerCase() !== 'websocket') return undefined;
  const offered = context.req.header('sec-websocket-protocol')?.split(',').map((p) => p.trim());
  return offered && offered.length === 2 && offered[0]!.toLowerCase() === 'bearer' ? `Bearer ${offered[1]}` : undefined;
}
