import type { DynamicModule } from '../decorators/dynamic-module.js';
import { JwtConfig } from './jwt-config.js';
import type { JwtModuleOptions } from './jwt-options.js';
import { JwtService } from './jwt.service.js';

/**
 * Provides `JwtService` (and its `JwtConfig`) to the module that imports it. The options are
 * validated here, at startup: a missing or empty secret, two kinds of keys at once or an
 * algorithm that does not fit the key throw a TypeError that says what to change.
 *
 * @example
 * @Module({
 *   imports: [JwtModule.forRoot({ secret: jwtSecretFromEnv(), expiresIn: '1h' })],
 *   controllers: [AuthController, TodoController],
 *   injectables: [UserService, { token: GLOBAL_GUARD, useClass: JwtAuthGuard }],
 * })
 * export class AppModule {}
 */
export class JwtModule {
  /**
   * @example
   * JwtModule.forRoot({ algorithm: 'RS256', privateKey: readFileSync('private.pem', 'utf8'), publicKey: readFileSync('public.pem', 'utf8') })
   */
  static forRoot(options: JwtModuleOptions): DynamicModule<JwtConfig, [typeof JwtService], JwtConfig> {
    // The config is immutable, so applications may share it; keys are imported per JwtService.
    const config = new JwtConfig(options);
    return { module: JwtModule, create: () => config, injectables: [JwtService] };
  }
}
