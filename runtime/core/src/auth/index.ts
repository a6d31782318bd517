/**
 * Authentication: `JwtModule` / `JwtService` (sign and verify JSON Web Tokens), `JwtAuthGuard`
 * (bearer tokens on HTTP and gRPC), `@Public()`, and an example `ApiKeyGuard`.
 *
 * @example
 * import { GLOBAL_GUARD, JwtAuthGuard, JwtModule, Module, jwtSecretFromEnv } from '@framework/core';
 *
 * @Module({
 *   imports: [JwtModule.forRoot({ secret: jwtSecretFromEnv() })],
 *   injectables: [{ token: GLOBAL_GUARD, useClass: JwtAuthGuard }],
 * })
 * export class AppModule {}
 */
export type {
  AsymmetricAlgorithm,
  Duration,
  HmacAlgorithm,
  JwtClaims,
  JwtCommonOptions,
  JwtJwksOptions,
  JwtKeyPairOptions,
  JwtModuleOptions,
  JwtSecretOptions,
  JwtSignOptions,
  KeyMaterial,
  RequirableClaim,
} from './jwt-options.js';
export { JwtConfig, MIN_SECRET_BYTES, type JwtKeySource } from './jwt-config.js';
export { JwtService } from './jwt.service.js';
export { JwtModule } from './jwt.module.js';
export { jwtSecretFromEnv } from './jwt-secret.js';
export { JwtAuthGuard, authenticateBearer, authenticateRequest } from './jwt-auth.guard.js';
export { CrossSiteRequestException, MAX_COOKIE_HEADER_LENGTH, SessionCookie, type JwtCookieOptions } from './session-cookie.js';
export { Public, IS_PUBLIC_KEY, isPublicRoute } from './public.js';
export { JWT_CLAIMS, claimsOf } from './claims.js';
export { CREDENTIAL_EXPIRES_AT } from './credential-expiry.js';
export { credentialOf, bearerTokenOf } from './credentials.js';
export { ApiKeyConfig, ApiKeyGuard, ApiKeyModule, type ApiKeyOptions } from './api-key.js';
