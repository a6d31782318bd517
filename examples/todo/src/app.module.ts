import { GLOBAL_GUARD, Module, ThrottlerModule } from '@framework/core';
import { AppGuard } from './auth/app.guard.js';
import { AuthModule } from './auth/auth.module.js';
import { EnvModule } from './config/env.module.js';
import { HealthController } from './health/health.controller.js';
import { TodoModule } from './todo/todo.module.js';

@Module({
  imports: [ThrottlerModule.forRoot([{ ttl: 60000, limit: 100 }]), EnvModule, AuthModule, TodoModule],
  controllers: [HealthController],
  injectables: [{ token: GLOBAL_GUARD, useClass: AppGuard }],
})
export class AppModule {}
