import { CacheInterceptor, RedisCacheStore } from '@framework/core';
import { RedisConnection } from './redis.connection.js';

/**
 * The example's cache of GET answers: kept 10 s, in Redis when `REDIS_URL` is set (so every
 * instance serves an answer one of them computed), else in this process's memory. While Redis is
 * down, lookups miss and answers are computed (the cache fails open by nature).
 */
export class TodoCache extends CacheInterceptor {
  constructor(redis: RedisConnection) {
    super({ ttl: 10_000, store: redis.client && new RedisCacheStore(redis.client, { prefix: 'todo:cache:' }) });
  }
}
