/**
 * Built-in interceptors: a request deadline and a response cache for GET.
 *
 * @example
 * import { CacheInterceptor, TimeoutInterceptor } from '@framework/core';
 * app.useGlobalInterceptors(new TimeoutInterceptor({ ms: 5000 }));
 */
export { TimeoutInterceptor, Timeout, type TimeoutOptions } from './timeout.js';
export { CacheInterceptor, CacheTTL, type CacheOptions } from './cache.js';
export { CacheVary, type CacheVaryOptions } from './cache-plan.js';
export { MemoryCacheStore, DEFAULT_CACHE_MAX_BYTES, type CacheStore } from './cache-store.js';
export { RedisCacheStore, type RedisCacheClient, type RedisCacheStoreOptions } from './redis-cache-store.js';
