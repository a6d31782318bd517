export { HealthModule } from './health.module.js';
export { HealthConfig, type HealthModuleOptions } from './health-config.js';
export type { HealthState, IndicatorResult } from './application-health.js';
export { RedisHealthIndicator, type RedisPingClient } from './redis-indicator.js';
export type { HealthIndicator, HealthReport, HealthStatus, IndicatorReport } from './indicator.js';
