import { CacheInterceptor, Module, RedisCacheStore, RedisThrottlerStorage, ThrottlerConfig } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import { EnvModule } from '../config/env.module.js';
import type { EnvSchema } from '../config/env.schema.js';
import { RedisConnection } from './redis.connection.js';

/** 100 calls a minute per caller (the login route allows fewer, see AuthController). */
export const THROTTLERS = [{ ttl: 60000, limit: 100 }];

/** The throttler's counters: in Redis when `REDIS_URL` is set (so N instances grant the quota once), else in memory. */
export function throttlerConfigFrom(redis: RedisConnection, config: ConfigService<EnvSchema>): ThrottlerConfig {
  const storage = redis.client && new RedisThrottlerStorage(redis.client, { prefix: 'todo:throttler:', onError: config.get('REDIS_FAILURE') });
  return new ThrottlerConfig(THROTTLERS, storage);
}

/** The cache of GET answers: in Redis when `REDIS_URL` is set (shared by the instances), else in memory. */
export function cacheFrom(redis: RedisConnection): CacheInterceptor {
  return new CacheInterceptor({ ttl: 10_000, store: redis.client && new RedisCacheStore(redis.client, { prefix: 'todo:cache:' }) });
}

/** What the instances of the example share when they run side by side: Redis, its throttler counters and its cache. */
@Module({
  imports: [EnvModule],
  injectables: [
    { token: RedisConnection, useFactory: RedisConnection.connect, inject: [ConfigService] },
    { token: ThrottlerConfig, useFactory: throttlerConfigFrom, inject: [RedisConnection, ConfigService] },
    { token: CacheInterceptor, useFactory: cacheFrom, inject: [RedisConnection] },
  ],
})
export class SharedModule {}
