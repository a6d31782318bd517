import type { Server, ServerOptions } from '@grpc/grpc-js';
import type { ListenerSessions } from './graceful-drain.js';

/**
 * Limits of the gRPC server, each also settable through the raw `serverOptions` of grpc-js
 * (which win when both are given). Defaults, chosen so one client cannot hold much:
 * 1 MiB messages (as the HTTP body limit; grpc-js allows 4 MiB), a keepalive ping every two
 * minutes answered within 20 s (dead peers are dropped), connections recycled after an hour with
 * 30 s for their calls to finish, and at most 100 calls open at once on one connection (the
 * HTTP/2 default is unbounded: 10,000 open calls on one connection held 95 MB). A client past
 * that bound waits for a call to end before it starts the next (grpc-js and nghttp2 queue them).
 *
 * @example
 * new GrpcServer(app, { limits: { maxReceiveMessageBytes: 64 * 1024, maxConnectionAgeMs: 10 * 60_000 } });
 */
export interface GrpcLimits {
  /** Largest request message accepted; a larger one fails with RESOURCE_EXHAUSTED. */
  readonly maxReceiveMessageBytes?: number;
  /** How often the server pings an idle connection to see that the peer is alive. */
  readonly keepaliveTimeMs?: number;
  /** How long a keepalive ping may go unanswered before the connection is closed. */
  readonly keepaliveTimeoutMs?: number;
  /** Connections older than this get a GOAWAY (clients reconnect, spreading load over instances). */
  readonly maxConnectionAgeMs?: number;
  /** How long calls on a connection past its age may still finish. */
  readonly maxConnectionAgeGraceMs?: number;
  /**
   * Calls open at once on one connection (default 100), advertised in the HTTP/2 SETTINGS. A peer
   * that opens more anyway is reset by Node as a whole connection, its other calls with it.
   */
  readonly maxConcurrentStreams?: number;
  /**
   * Connections open at once on each listener (default 1,000, as the 100 calls each bound what
   * they may hold); one more is closed as it arrives, before any call on it.
   */
  readonly maxConnections?: number;
}

/** The defaults of `GrpcLimits`. */
export const DEFAULT_GRPC_LIMITS = Object.freeze({
  maxReceiveMessageBytes: 1024 * 1024,
  keepaliveTimeMs: 120_000,
  keepaliveTimeoutMs: 20_000,
  maxConnectionAgeMs: 3_600_000,
  maxConnectionAgeGraceMs: 30_000,
  maxConcurrentStreams: 100,
  maxConnections: 1000,
}) satisfies GrpcLimits;

const optionNames = {
  maxReceiveMessageBytes: 'grpc.max_receive_message_length',
  keepaliveTimeMs: 'grpc.keepalive_time_ms',
  keepaliveTimeoutMs: 'grpc.keepalive_timeout_ms',
  maxConnectionAgeMs: 'grpc.max_connection_age_ms',
  maxConnectionAgeGraceMs: 'grpc.max_connection_age_grace_ms',
  maxConcurrentStreams: 'grpc.max_concurrent_streams',
} as const satisfies Record<Exclude<keyof GrpcLimits, 'maxConnections'>, string>;

/**
 * The connection cap of `limits` (default filled in): grpc-js has no option for it, so it is set
 * on each of its listeners once bound (`capConnections`).
 */
export function maxConnectionsOf(limits: GrpcLimits = {}): number {
  const value = limits.maxConnections ?? DEFAULT_GRPC_LIMITS.maxConnections;
  if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`GrpcServer: limits.maxConnections must be a positive whole number; got ${String(value)}.`);
  return value;
}

/**
 * Caps the connections of every listener grpc-js has bound (Node closes a socket past
 * `maxConnections` as it arrives). Reads grpc-js's listener map, which is not public API: a
 * grpc-js without it is left uncapped.
 *
 * @example
 * await bind(); capConnections(server, 1000);
 */
export function capConnections(server: Server, maxConnections: number): void {
  for (const listener of (server as unknown as ListenerSessions).http2Servers?.keys() ?? []) listener.maxConnections = maxConnections;
}

/**
 * The grpc-js options for `limits` (defaults filled in) under the raw `serverOptions`, which win.
 * Throws a TypeError naming a limit that is not a positive whole number.
 *
 * @example
 * grpcServerOptions({ maxReceiveMessageBytes: 65536 }, {}); // { 'grpc.max_receive_message_length': 65536, … }
 */
export function grpcServerOptions(limits: GrpcLimits = {}, serverOptions: ServerOptions = {}): ServerOptions {
  const merged: Record<string, unknown> = {};
  const values: GrpcLimits = { ...DEFAULT_GRPC_LIMITS, ...limits };
  for (const [name, option] of Object.entries(optionNames) as [keyof typeof optionNames, string][]) {
    const value = values[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
      throw new TypeError(`GrpcServer: limits.${name} must be a positive whole number; got ${String(value)}.`);
    }
    merged[option] = value;
  }
  // Channelz counts every call and message (closures, timestamps) for a channelz service the
  // server does not serve; a raw option turns it back on for one that registers such a service.
  return { 'grpc.enable_channelz': 0, ...merged, ...serverOptions };
}
