/**
 * Built-in interceptors: a request deadline and a response cache for GET.
 *
 * @example
 * import { CacheInterceptor, TimeoutInterceptor } from '@framework/core';
 * app.useGlobalInterceptors(new TimeoutInterceptor({ ms: 5000 }));
 */
export { TimeoutInterceptor, Timeout, type TimeoutOptions } from './timeout.js';
export { CacheInterceptor, CacheTTL, type CacheOptions } from './cache.js';
export { BoundedStore } from './bounded-store.js';
