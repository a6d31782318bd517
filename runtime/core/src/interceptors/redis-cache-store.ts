import { withDeadline } from '../timing/deadline.js';
import { OutageLog } from '../timing/outage-log.js';
import type { Logger } from '../types/logger.js';
import type { CacheStore } from './cache-store.js';

/**
 * The part of a Redis client the cache uses. An `ioredis` client fits as is.
 */
export interface RedisCacheClient {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, unit: 'PX', ttlMs: number): Promise<unknown>;
  scan(cursor: string, match: 'MATCH', pattern: string, count: 'COUNT', n: number): Promise<[string, string[]]>;
  del(...keys: string[]): Promise<number>;
  /** ioredis' connection state; when it says the connection is down, reads miss at once instead of queueing. */
  readonly status?: string;
}

export interface RedisCacheStoreOptions {
  /** Put before every key (default `cache:`). Give each application its own when they share a Redis. */
  readonly prefix?: string;
  /** Longest wait for Redis per read or write, in milliseconds (default 200). */
  readonly timeoutMs?: number;
  /** Where failures are logged (default `console`); at most one line per 10 s during an outage. */
  readonly logger?: Pick<Logger, 'error'>;
}

const downStates = new Set(['reconnecting', 'close', 'end']);
/** Characters Redis' MATCH treats as a pattern. */
const globCharacters = /[*?[\]\\]/g;

/**
 * Answers kept in Redis, shared by every instance of the application: one GET per cache lookup,
 * one SET (with its expiry, `PX`) per stored answer, no other round trip. Keys are the full cache
 * keys (never a digest, which an attacker could collide with another caller's key).
 *
 * While Redis is down or slow, a lookup is a miss (the handler runs and its answer is sent) and
 * nothing is stored: the cache fails open by nature, as its answers are only ever a copy. No call
 * waits longer than `timeoutMs` for Redis, and the outage is logged once per 10 s. The client is
 * yours: configure it to give up quickly while Redis is down (`enableOfflineQueue: false`), and
 * close it when the application closes.
 *
 * @example
 * import { Redis } from 'ioredis';
 * const redis = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
 * new CacheInterceptor({ store: new RedisCacheStore(redis, { prefix: 'todo:cache:' }) });
 */
export class RedisCacheStore implements CacheStore {
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly outage: OutageLog;

  constructor(
    private readonly client: RedisCacheClient,
    options: RedisCacheStoreOptions = {},
  ) {
    if (typeof client?.get !== 'function' || typeof client.set !== 'function') {
      throw new TypeError('RedisCacheStore needs a Redis client with get and set methods (an ioredis client fits).');
    }
    const { prefix = 'cache:', timeoutMs = 200 } = options;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new TypeError(`RedisCacheStore: timeoutMs must be a positive number of milliseconds; got ${String(timeoutMs)}.`);
    }
    this.prefix = prefix;
    this.timeoutMs = timeoutMs;
    this.outage = new OutageLog(options.logger ?? console);
  }

  get(key: string): Promise<unknown> {
    return this.attempt(() => this.client.get(this.prefix + key)).then((text) => (typeof text === 'string' ? (JSON.parse(text) as unknown) : undefined));
  }

  set(key: string, _value: unknown, text: string, ttlMs: number): Promise<void> {
    return this.attempt(() => this.client.set(this.prefix + key, text, 'PX', Math.max(1, Math.round(ttlMs)))).then(() => undefined);
  }

  /** Deletes every key under the prefix, a SCAN page at a time (a rare operation: after writes). */
  async clear(): Promise<void> {
    const pattern = `${this.prefix.replace(globCharacters, '\\$&')}*`;
    let cursor = '0';
    do {
      const page = await this.attempt(() => this.client.scan(cursor, 'MATCH', pattern, 'COUNT', 500));
      if (page === undefined) return;
      cursor = page[0];
      if (page[1].length > 0) await this.attempt(() => this.client.del(...page[1]));
    } while (cursor !== '0');
  }

  /** Runs one command within `timeoutMs`; on any failure logs it (rate-limited) and resolves `undefined`. */
  private attempt<T>(command: () => Promise<T>): Promise<T | undefined> {
    const status = this.client.status;
    if (status !== undefined && downStates.has(status)) return Promise.resolve(this.unavailable(new Error(`the Redis connection is ${status}`)));
    try {
      return withDeadline(command(), this.timeoutMs, () => new Error(`Redis did not answer within ${this.timeoutMs} ms`)).catch((error: unknown) => this.unavailable(error));
    } catch (error) {
      return Promise.resolve(this.unavailable(error));
    }
  }

  private unavailable(error: unknown): undefined {
    this.outage.report('RedisCacheStore: Redis is unavailable, answers are neither read from nor kept in the cache', error);
    return undefined;
  }
}
