import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { throttle } from './common.cjs';
import { LimitedController, OrderController, SecureController, TodoController } from './controllers.cjs';
import { JwtGuard } from './jwt.guard.cjs';

@Module({
  imports: [ThrottlerModule.forRoot([throttle])],
  controllers: [TodoController, OrderController, SecureController, LimitedController],
  providers: [JwtGuard],
})
export class AppModule {}
