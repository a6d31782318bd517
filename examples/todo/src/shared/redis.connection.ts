import type { OnAppClose } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import type { Redis } from 'ioredis';
import type { EnvSchema } from '../config/env.schema.js';

/**
 * The Redis client every instance shares its throttler counters and cached answers through, when
 * `REDIS_URL` is set; `client` is undefined otherwise (both stay in this process's memory).
 * Commands fail at once while Redis is down instead of queueing (`enableOfflineQueue: false`),
 * and the client keeps reconnecting in the background, so the example serves through an outage
 * and uses Redis again as soon as it is back.
 */
export class RedisConnection implements OnAppClose {
  constructor(readonly client: Redis | undefined) {}

  /** Connects when `REDIS_URL` is set (ioredis is loaded only then). */
  static async connect(config: ConfigService<EnvSchema>): Promise<RedisConnection> {
    const url = config.get('REDIS_URL');
    if (url === undefined) return new RedisConnection(undefined);
    const { Redis } = await import('ioredis');
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: (attempt) => Math.min(attempt * 100, 1000) });
    // An outage is reported by the stores that use the client (rate-limited): the client's own
    // 'error' events would otherwise be thrown as unhandled.
    client.on('error', () => undefined);
    return new RedisConnection(client);
  }

  async onAppClose(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
