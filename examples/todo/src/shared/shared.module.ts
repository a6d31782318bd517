import { Module, RedisThrottlerStorage, ThrottlerConfig } from '@framework/core';
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

/**
 * The Redis connection the instances of the example share when they run side by side (the
 * throttler's counters, `throttlerConfigFrom`, and the cache, `TodoCache`, use it).
 */
@Module({
  imports: [EnvModule],
  injectables: [
    { token: RedisConnection, useFactory: RedisConnection.connect, inject: [ConfigService] },
  ],
})
export class SharedModule {}
