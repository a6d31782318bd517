import { GLOBAL_GUARD, HealthModule, Module, ThrottlerModule } from '@framework/core';
import { AppGuard } from './auth/app.guard.js';
import { AuthModule } from './auth/auth.module.js';
import { EnvModule } from './config/env.module.js';
import { HealthController } from './health/health.controller.js';
import { TodoModule } from './todo/todo.module.js';

// HealthModule serves GET /health/live and /health/ready (and gRPC's health service reports the
// same readiness); the example has no external dependency to check, so its readiness is its phase.
@Module({
  imports: [ThrottlerModule.forRoot([{ ttl: 60000, limit: 100 }]), HealthModule.forRoot(), EnvModule, AuthModule, TodoModule],
  controllers: [HealthController],
  injectables: [{ token: GLOBAL_GUARD, useClass: AppGuard }],
})
export class AppModule {}
