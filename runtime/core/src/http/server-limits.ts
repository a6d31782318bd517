/**
 * Limits of the HTTP server a `FrameworkApplication` listens with, each in `ApplicationOptions`.
 * The defaults are tighter than Node's own (a client may take 60 s to send its headers and 300 s
 * for its request there), so that a slow or idle client cannot hold a connection for minutes.
 *
 * @example
 * new FrameworkApplication(tables, { headersTimeoutMs: 5000, maxConnections: 2000 });
 */
export interface ServerLimits {
  /** Time a client has to send the request line and headers; then 408 and the connection closes. */
  readonly headersTimeoutMs: number;
  /** Time a client has to send the whole request (headers and body); then 408 and the connection closes. */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open for the next request. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections at most; further ones are closed as they arrive. */
  readonly maxConnections: number;
}

/** The defaults of `ServerLimits`, documented in docs/server-options.md. */
export const DEFAULT_SERVER_LIMITS: ServerLimits = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
});

function positive(name: string, value: unknown, unit: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`FrameworkApplication: ${name} must be a positive whole number of ${unit}; got ${String(value)}.`);
  }
  return value;
}

/**
 * The limits of `options` with the defaults filled in, checked: positive integers, and a request
 * timeout no shorter than the headers timeout (Node refuses that combination).
 *
 * @example
 * resolveServerLimits({ headersTimeoutMs: 2000 }); // { headersTimeoutMs: 2000, requestTimeoutMs: 30000, … }
 */
export function resolveServerLimits(options: Partial<ServerLimits>): ServerLimits {
  const limits = {
    headersTimeoutMs: positive('headersTimeoutMs', options.headersTimeoutMs ?? DEFAULT_SERVER_LIMITS.headersTimeoutMs, 'milliseconds'),
    requestTimeoutMs: positive('requestTimeoutMs', options.requestTimeoutMs ?? DEFAULT_SERVER_LIMITS.requestTimeoutMs, 'milliseconds'),
    keepAliveTimeoutMs: positive('keepAliveTimeoutMs', options.keepAliveTimeoutMs ?? DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs, 'milliseconds'),
    maxConnections: positive('maxConnections', options.maxConnections ?? DEFAULT_SERVER_LIMITS.maxConnections, 'connections'),
  };
  if (limits.requestTimeoutMs < limits.headersTimeoutMs) {
    throw new TypeError(
      `FrameworkApplication: requestTimeoutMs (${limits.requestTimeoutMs}) must be at least headersTimeoutMs (${limits.headersTimeoutMs}): ` +
        'the headers are part of the request.',
    );
  }
  return Object.freeze(limits);
}
