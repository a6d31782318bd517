import { GLOBAL_GUARD, Module } from '@framework/core';
import { AppGuard } from './auth/app.guard.js';
import { AuthModule } from './auth/auth.module.js';
import { EnvModule } from './config/env.module.js';
import { HealthController } from './health/health.controller.js';
import { InfoController } from './info/info.controller.js';
import { SharedModule } from './shared/shared.module.js';
import { TodoModule } from './todo/todo.module.js';

@Module({
  imports: [SharedModule, EnvModule, AuthModule, TodoModule],
  controllers: [HealthController, InfoController],
  injectables: [{ token: GLOBAL_GUARD, useClass: AppGuard }],
})
export class AppModule {}
