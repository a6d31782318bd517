import { JwtModule, Module, jwtSecretFromEnv } from '@framework/core';
import { AuthController } from './auth.controller.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [JwtModule.forRoot({ secret: jwtSecretFromEnv(), requiredClaims: ['sub'] })],
  controllers: [AuthController],
  injectables: [UsersService],
})
export class AuthModule {}
