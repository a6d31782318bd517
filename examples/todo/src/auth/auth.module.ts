import { JwtConfig, JwtService, Module, jwtSecretFromEnv } from '@framework/core';
import { ConfigService } from '@framework/core/config';
import { EnvModule } from '../config/env.module.js';
import type { EnvSchema } from '../config/env.schema.js';
import { originsFrom } from '../config/cors-origins.js';
import { AuthController } from './auth.controller.js';
import { SESSION_COOKIE } from './session.js';
import { UsersService } from './users.service.js';

/**
 * The JWT settings, made from the validated configuration at init: tokens are read from the
 * `authorization` header or the session cookie, and unsafe requests with the cookie must come
 * from the app itself or one of `CORS_ORIGINS`.
 */
export function jwtConfigFrom(config: ConfigService<EnvSchema>): JwtConfig {
  return new JwtConfig({
    secret: config.get('JWT_SECRET') ?? jwtSecretFromEnv(),
    requiredClaims: ['sub'],
    cookie: { name: SESSION_COOKIE, origins: originsFrom(config.get('CORS_ORIGINS')) },
  });
}

@Module({
  imports: [EnvModule],
  controllers: [AuthController],
  injectables: [UsersService, JwtService, { token: JwtConfig, useFactory: jwtConfigFrom, inject: [ConfigService] }],
})
export class AuthModule {}
