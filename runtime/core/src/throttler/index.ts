/**
 * The throttler (rate limiter): `ThrottlerModule.forRoot(...)` configures it, `ThrottlerGuard`
 * (or a subclass) applies it, storages keep the counters.
 *
 * @example
 * import { GLOBAL_GUARD, Module, ThrottlerGuard, ThrottlerModule } from '@framework/core';
 * @Module({
 *   imports: [ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }])],
 *   injectables: [{ useClass: ThrottlerGuard, token: GLOBAL_GUARD }],
 * })
 * export class AppModule {}
 */
export { ThrottlerModule } from './throttler.module.js';
export { ThrottlerConfig } from './throttler-config.js';
export { ThrottlerGuard } from './guard.js';
export { DEFAULT_THROTTLER, type ThrottlerOptions, type ThrottlerModuleOptions, type ResolvedThrottler } from './options.js';
export { DEFAULT_TRUSTED_PROXIES, PRIVATE_NETWORKS, TrustedProxies } from '../network/trusted-proxies.js';
export { canonicalAddress } from '../network/ip-address.js';
export type { ThrottlerStorage, ThrottlerRecord } from './storage.js';
export { MemoryThrottlerStorage, type MemoryThrottlerStorageOptions } from './memory-storage.js';
export { RedisThrottlerStorage, type RedisScriptClient, type RedisThrottlerStorageOptions } from './redis-storage.js';
