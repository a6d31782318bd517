import { GLOBAL_GUARD, HealthModule, Module, ThrottlerConfig, ThrottlerModule } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import { AppGuard } from './auth/app.guard.js';
import { AuthModule } from './auth/auth.module.js';
import { EnvModule } from './config/env.module.js';
import { HealthController } from './health/health.controller.js';
import { InfoController } from './info/info.controller.js';
import { RedisConnection } from './shared/redis.connection.js';
import { SharedModule, THROTTLERS, throttlerConfigFrom } from './shared/shared.module.js';
import { TodoModule } from './todo/todo.module.js';

/**
 * Everything the example serves over HTTP: the root of its Worker (`src/worker.ts`, tables built with
 * `--root HttpAppModule`), and imported by `AppModule`, which adds gRPC.
 */
@Module({
  // ThrottlerModule declares the throttlers (the OpenAPI document lists the 429s from it); the
  // ThrottlerConfig below, with the Redis storage when REDIS_URL is set, is the one the guard gets
  // (a module's own injectables come before what its imports provide). HealthModule serves
  // GET /health/live and /health/ready (gRPC's health service reports the same readiness).
  imports: [SharedModule, ThrottlerModule.forRoot(THROTTLERS), HealthModule.forRoot(), EnvModule, AuthModule, TodoModule],
  controllers: [HealthController, InfoController],
  injectables: [
    { token: GLOBAL_GUARD, useClass: AppGuard },
    { token: ThrottlerConfig, useFactory: throttlerConfigFrom, inject: [RedisConnection, ConfigService] },
  ],
})
export class HttpAppModule {}
