import { GLOBAL_GUARD, HealthModule, Module } from '@framework/core';
import { AppGuard } from './auth/app.guard.js';
import { AuthModule } from './auth/auth.module.js';
import { EnvModule } from './config/env.module.js';
import { HealthController } from './health/health.controller.js';
import { InfoController } from './info/info.controller.js';
import { SharedModule } from './shared/shared.module.js';
import { TodoModule } from './todo/todo.module.js';

// HealthModule serves GET /health/live and /health/ready (and gRPC's health service reports the
// same readiness); the example checks no dependency of its own, so its readiness is its phase.
@Module({
  imports: [SharedModule, HealthModule.forRoot(), EnvModule, AuthModule, TodoModule],
  controllers: [HealthController, InfoController],
  injectables: [{ token: GLOBAL_GUARD, useClass: AppGuard }],
})
export class AppModule {}
