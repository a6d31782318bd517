/**
 * CORS: `CorsModule.forRoot(...)` or the application option `cors`, `@Cors(...)` per controller
 * or handler, and the host-neutral policy the HTTP pipeline asks (`prepareCors`).
 *
 * @example
 * import { CorsModule, Cors } from '@framework/core';
 */
export type { CorsOptions, CorsOrigins, CorsOverride } from './cors-options.js';
export { DEFAULT_ALLOW_HEADERS } from './cors-options.js';
export { prepareCors, type CorsPolicy, type PreflightAnswer } from './cors-policy.js';
export { CorsConfig, CorsModule } from './cors.module.js';
export { Cors } from './cors.decorator.js';
export type { RouteCors } from '../contract/route-cors.js';
export type { HeaderRecord } from './header-list.js';
