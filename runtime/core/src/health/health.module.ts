import type { DynamicModule } from '../decorators/dynamic-module.js';
import type { Class } from '../types/class.js';
import { HealthConfig, type HealthModuleOptions } from './health-config.js';
import type { HealthIndicator } from './indicator.js';

/**
 * Health and readiness from one state, for every transport: HTTP serves liveness and readiness
 * probes (`/health/live`, `/health/ready` by default), the gRPC server's `grpc.health.v1.Health`
 * reports the same readiness, and both turn not ready (503, `NOT_SERVING`) as soon as
 * `app.close()` begins. Readiness is up when every indicator is. Without this module the
 * application still has its state (`app.health`) and gRPC still reports it, with no indicators
 * and no HTTP probes.
 *
 * @example
 * @Module({
 *   imports: [
 *     HealthModule.forRoot({
 *       indicators: [DatabaseHealthIndicator],        // created by the injector
 *       instances: [redisStorage.healthIndicator()],  // made by you
 *       shutdownDelayMs: 5000,
 *     }),
 *   ],
 * })
 * export class AppModule {}
 */
export class HealthModule {
  /** Validates the options (a TypeError says what to change) and provides them to `init`. */
  static forRoot<const Indicators extends readonly Class<HealthIndicator>[] = []>(
    options: HealthModuleOptions<Indicators> = {},
  ): DynamicModule<HealthConfig, Indicators, HealthConfig> {
    const config = new HealthConfig(options);
    return { module: HealthModule, create: () => config, injectables: (options.indicators ?? []) as Indicators };
  }
}
