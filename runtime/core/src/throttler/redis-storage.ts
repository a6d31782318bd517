import { ServiceUnavailableException } from '../exceptions/built-in.js';
import { isRedisDown, RedisHealthIndicator } from '../health/redis-indicator.js';
import { OutageLog } from '../timing/outage-log.js';
import type { Logger } from '../types/logger.js';
import { boundedKey, MAX_PLAIN_KEY_LENGTH } from './key-digest.js';
import { HIT_SCRIPT, isNoScript, recordOfReply, RedisTimeoutError, scriptSha, withTimeout } from './redis-script.js';
import type { ThrottlerRecord, ThrottlerStorage } from './storage.js';

/**
 * The part of a Redis client the storage uses. An `ioredis` client fits as is; so does any
 * client whose `eval`/`evalsha` take `(script or sha, numKeys, ...keysAndArgs)` and return a Promise.
 */
export interface RedisScriptClient {
  eval(script: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  evalsha(sha1: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  /** Used by `healthIndicator()` when present (ioredis has it); otherwise a one-line script is sent. */
  ping?(): Promise<unknown>;
  /** ioredis' connection state; when it says the connection is down, hits fail at once instead of queueing. */
  readonly status?: string;
}

export interface RedisThrottlerStorageOptions {
  /** Put before every key (default `throttler:`). Give each application its own when they share a Redis. */
  readonly prefix?: string;
  /**
   * What a hit does when Redis cannot be reached or answers with an error. `open` (default):
   * the call is allowed without rate-limit headers and the error is logged. `closed`: the call is
   * refused with a ServiceUnavailableException (503; UNAVAILABLE on gRPC). Either way the
   * application keeps serving and no call waits longer than `timeoutMs`: once a hit has waited
   * that long, later hits are answered at once, without Redis, until it answers again (one hit a
   * second, or one per `timeoutMs` if longer, still tries it).
   */
  readonly onError?: 'open' | 'closed';
  /** Longest wait for Redis per hit, in milliseconds (default 500). */
  readonly timeoutMs?: number;
  /** Where failures are logged (default `console`); at most one line per 10 s during an outage. */
  readonly logger?: Pick<Logger, 'error'>;
}

const notCounted: ThrottlerRecord = Object.freeze({ totalHits: 0, timeToExpireMs: 0 });

/**
 * Counters in Redis, shared by every process of the application: N instances grant the quota
 * once, not N times. One round trip per hit (a Lua script run with EVALSHA, falling back to EVAL),
 * atomic, with the window's expiry kept by Redis.
 *
 * The client is yours: the core does not depend on a Redis library. Configure it to give up
 * quickly while Redis is down (`enableOfflineQueue: false` or a small `maxRetriesPerRequest`), and
 * close it when the application closes.
 *
 * @example
 * import { Redis } from 'ioredis';
 * const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
 * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }], new RedisThrottlerStorage(redis, { prefix: 'todo:', onError: 'closed' }));
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly prefix: string;
  private readonly onError: 'open' | 'closed';
  private readonly timeoutMs: number;
  private readonly outage: OutageLog;
  private sha: string | undefined;
  /**
   * Whether a hit sent to Redis went unanswered past `timeoutMs` and nothing has answered since
   * (Redis paused, a network path dropping packets): the connection still looks up, so every hit
   * would otherwise wait `timeoutMs` and leave one more command queued in the client.
   */
  private stalled = false;
  /** While stalled, when the next hit may try Redis again. */
  private nextProbeAt = 0;

  constructor(
    private readonly client: RedisScriptClient,
    options: RedisThrottlerStorageOptions = {},
  ) {
    if (typeof client?.eval !== 'function' || typeof client.evalsha !== 'function') {
      throw new TypeError('RedisThrottlerStorage needs a Redis client with eval and evalsha methods (an ioredis client fits).');
    }
    const { prefix = 'throttler:', onError = 'open', timeoutMs = 500 } = options;
    if (onError !== 'open' && onError !== 'closed') {
      throw new TypeError(`RedisThrottlerStorage: onError must be 'open' or 'closed'; got ${String(onError)}.`);
    }
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new TypeError(`RedisThrottlerStorage: timeoutMs must be a positive number of milliseconds; got ${String(timeoutMs)}.`);
    }
    this.prefix = prefix;
    this.onError = onError;
    this.timeoutMs = timeoutMs;
    this.outage = new OutageLog(options.logger ?? console);
    // Until the digest is known, hits use EVAL (which also caches the script in Redis).
    scriptSha(HIT_SCRIPT).then(
      (sha) => (this.sha = sha),
      () => undefined, // no WebCrypto: stay on EVAL
    );
  }

  /**
   * A readiness indicator for this storage's Redis (a PING), for `HealthModule.forRoot({ instances })`:
   * with `onError: 'closed'` every throttled call fails while Redis is down, so readiness should say so.
   *
   * @example
   * const storage = new RedisThrottlerStorage(redis, { onError: 'closed' });
   * HealthModule.forRoot({ instances: [storage.healthIndicator()] }); // named 'redis'
   */
  healthIndicator(options?: { readonly name?: string; readonly timeoutMs?: number }): RedisHealthIndicator {
    return new RedisHealthIndicator(this.client, options);
  }

  /** Counts a hit in Redis; see `ThrottlerStorage.increment` and the `onError` option for failures. */
  increment(key: string, ttlMs: number): Promise<ThrottlerRecord> {
    const status = this.client.status;
    if (isRedisDown(status)) {
      return this.unavailable(new Error(`the Redis connection is ${status}`));
    }
    if (this.stalled) {
      const now = Date.now();
      if (now < this.nextProbeAt) return this.unavailable(new RedisTimeoutError(`Redis has not answered a hit within ${this.timeoutMs} ms yet`));
      this.nextProbeAt = now + this.probeEveryMs();
    }
    // Long keys (an API key as tracker) become a fixed-length digest, as in memory: Redis keeps every key for its ttl.
    const fullKey = this.prefix + (key.length > MAX_PLAIN_KEY_LENGTH ? boundedKey(key) : key);
    const sent = this.run(fullKey, ttlMs);
    // Any answer, even late or an error reply, shows Redis is answering again.
    sent.then(this.answered, this.answered);
    // A malformed reply is treated like an unreachable Redis, not as a 500.
    return withTimeout(sent, this.timeoutMs)
      .then(recordOfReply)
      .catch((error: unknown) => {
        if (error instanceof RedisTimeoutError) {
          this.stalled = true;
          this.nextProbeAt = Date.now() + this.probeEveryMs();
        }
        return this.unavailable(error);
      });
  }

  private readonly answered = (): void => {
    this.stalled = false;
  };

  private probeEveryMs(): number {
    return Math.max(1000, this.timeoutMs);
  }

  private run(fullKey: string, ttlMs: number): Promise<unknown> {
    const sha = this.sha;
    if (sha === undefined) return this.client.eval(HIT_SCRIPT, 1, fullKey, ttlMs);
    return this.client.evalsha(sha, 1, fullKey, ttlMs).catch((error: unknown) => {
      if (isNoScript(error)) return this.client.eval(HIT_SCRIPT, 1, fullKey, ttlMs);
      throw error;
    });
  }

  private unavailable(error: unknown): Promise<ThrottlerRecord> {
    const outcome = this.onError === 'open' ? 'calls are allowed without limits' : 'calls are refused with 503';
    this.outage.report(`RedisThrottlerStorage: Redis is unavailable, ${outcome}`, error);
    if (this.onError === 'closed') return Promise.reject(new ServiceUnavailableException());
    return Promise.resolve(notCounted);
  }
}
