import { JwtConfig, JwtService, Module, jwtSecretFromEnv } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import { EnvModule } from '../config/env.module.js';
import type { EnvSchema } from '../config/env.schema.js';
import { AuthController } from './auth.controller.js';
import { UsersService } from './users.service.js';

/** The JWT settings, made from the validated configuration at init. */
export function jwtConfigFrom(config: ConfigService<EnvSchema>): JwtConfig {
  return new JwtConfig({ secret: config.get('JWT_SECRET') ?? jwtSecretFromEnv(), requiredClaims: ['sub'] });
}

@Module({
  imports: [EnvModule],
  controllers: [AuthController],
  injectables: [UsersService, JwtService, { token: JwtConfig, useFactory: jwtConfigFrom, inject: [ConfigService] }],
})
export class AuthModule {}
