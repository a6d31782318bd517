import type { HealthIndicator } from './indicator.js';

/**
 * The part of a Redis client the indicator uses: an `ioredis` client fits as is. Without `ping`,
 * `eval('return 1', 0)` is sent instead (the throttler's storage needs only `eval`).
 */
export interface RedisPingClient {
  ping?(): Promise<unknown>;
  eval?(script: string, numKeys: number): Promise<unknown>;
  /** ioredis' connection state: while it says the connection is down, the check fails at once. */
  readonly status?: string;
}

/** ioredis states in which a command would only wait in the offline queue. */
const DOWN_STATES = new Set(['reconnecting', 'close', 'end']);

/**
 * Whether a client's connection state (ioredis' `status`) says a command would only wait: then
 * callers fail at once instead (`undefined`, a client without states, is never down).
 *
 * @example
 * isRedisDown(redis.status) // true while ioredis is reconnecting
 */
export function isRedisDown(status: string | undefined): boolean {
  return status !== undefined && DOWN_STATES.has(status);
}

/**
 * Readiness of a Redis connection: up when Redis answers a PING. `RedisThrottlerStorage` makes one
 * for its client (`storage.healthIndicator()`).
 *
 * @example
 * HealthModule.forRoot({ instances: [new RedisHealthIndicator(redis, { name: 'cache' })] });
 */
export class RedisHealthIndicator implements HealthIndicator {
  readonly name: string;
  readonly timeoutMs?: number;

  constructor(
    private readonly client: RedisPingClient,
    options: { readonly name?: string; readonly timeoutMs?: number } = {},
  ) {
    if (typeof client?.ping !== 'function' && typeof client?.eval !== 'function') {
      throw new TypeError('RedisHealthIndicator needs a Redis client with ping() or eval() (an ioredis client fits).');
    }
    this.name = options.name ?? 'redis';
    if (options.timeoutMs !== undefined) this.timeoutMs = options.timeoutMs;
  }

  async check(): Promise<void> {
    if (isRedisDown(this.client.status)) throw new Error(`the Redis connection is ${this.client.status}`);
    const answer = this.client.ping ? await this.client.ping() : await this.client.eval!('return 1', 0);
    if (answer !== 'PONG' && answer !== 1) throw new Error(`Redis answered ${JSON.stringify(answer)} instead of PONG`);
  }
}
