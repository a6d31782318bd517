import { JwtModule, Module, ThrottlerModule } from '@framework/core';
import { BigController } from './big.controller.js';
import { LimitedController } from './limited.controller.js';
import { OrderController } from './order.controller.js';
import { SecureController } from './secure.controller.js';
import { TodoController } from './todo.controller.js';
import { UploadController } from './upload.controller.js';

/** The HTTP bench app; guards are per controller so plain routes pay for none. */
@Module({
  imports: [
    JwtModule.forRoot({ secret: process.env.JWT_SECRET ?? 'bench-secret-that-is-at-least-32-bytes-long' }),
    ThrottlerModule.forRoot([{ ttl: 60_000, limit: 1_000_000_000 }], { trustProxy: true }),
  ],
  controllers: [TodoController, OrderController, SecureController, LimitedController, UploadController, BigController],
})
export class AppModule {}
