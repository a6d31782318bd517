import type { DynamicModule } from '../decorators/dynamic-module.js';
import { ThrottlerConfig } from './throttler-config.js';
import type { ThrottlerModuleOptions, ThrottlerOptions } from './options.js';
import type { ThrottlerStorage } from './storage.js';

function isStorage(value: ThrottlerStorage | ThrottlerModuleOptions): value is ThrottlerStorage {
  return typeof (value as Partial<ThrottlerStorage>).increment === 'function';
}

/**
 * The throttler (rate limiter). Import `ThrottlerModule.forRoot(...)` once and register
 * `ThrottlerGuard` (or a subclass of it) as the global guard.
 *
 * @example
 * @Module({
 *   imports: [ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }])],
 *   injectables: [{ useClass: ThrottlerGuard, token: GLOBAL_GUARD }],
 * })
 * export class AppModule {}
 */
export class ThrottlerModule {
  /**
   * Validates the throttlers (positive integer `ttl` in milliseconds and `limit`, unique names)
   * and provides them as a `ThrottlerConfig`. Throws a TypeError naming the bad entry.
   *
   * The second argument is the storage (default: in memory, per process) or an options object
   * `{ storage?, trustProxy?, ipv6Subnet? }`; the third, with a storage second, is `{ trustProxy?, ipv6Subnet? }`.
   *
   * @example
   * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }, { name: 'burst', ttl: 1000, limit: 3 }]);
   * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }], new RedisThrottlerStorage(redis), { trustProxy: false });
   * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }], { trustProxy: false });
   */
  static forRoot(
    throttlers: readonly ThrottlerOptions[],
    storageOrOptions?: ThrottlerStorage | ThrottlerModuleOptions,
    options: Pick<ThrottlerModuleOptions, 'trustProxy' | 'ipv6Subnet'> = {},
  ): DynamicModule<ThrottlerConfig, [], ThrottlerConfig> {
    const merged: ThrottlerModuleOptions =
      storageOrOptions === undefined ? options : isStorage(storageOrOptions) ? { ...options, storage: storageOrOptions } : { ...options, ...storageOrOptions };
    new ThrottlerConfig(throttlers, merged.storage, merged); // validates now, so a bad entry fails at start-up
    // Each application gets its own config, so the default in-memory storage is never shared.
    return { module: ThrottlerModule, create: () => new ThrottlerConfig(throttlers, merged.storage, merged), injectables: [] };
  }
}
