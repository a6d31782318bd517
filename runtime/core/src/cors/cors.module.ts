import type { DynamicModule } from '../decorators/dynamic-module.js';
import type { CorsOptions } from './cors-options.js';
import { prepareCors, type CorsPolicy } from './cors-policy.js';

/**
 * The application's CORS settings, checked when made (`credentials` with `'*'`, an origin with a
 * path… throw a TypeError naming the fix). Provided by `CorsModule.forRoot(...)`; the HTTP
 * transport reads it at `init`.
 *
 * @example
 * const config = new CorsConfig({ origins: ['http://localhost:5173'], credentials: true });
 */
export class CorsConfig {
  readonly policy: CorsPolicy;

  constructor(readonly options: CorsOptions) {
    this.policy = prepareCors(options);
  }
}

/**
 * Turns CORS on for the application's HTTP routes: preflights answered from the route table,
 * `Access-Control-Allow-Origin` on answers to the allowed origins. The same as the application
 * option `cors` (which wins when both are given); `@Cors(...)` overrides it per controller or
 * handler.
 *
 * @example
 * @Module({
 *   imports: [CorsModule.forRoot({ origins: ['http://localhost:5173'], credentials: true, maxAge: 600 })],
 *   controllers: [TodoController],
 * })
 * export class AppModule {}
 */
export class CorsModule {
  static forRoot(options: CorsOptions): DynamicModule<CorsConfig, [], CorsConfig> {
    const config = new CorsConfig(options);
    return { module: CorsModule, create: () => config, injectables: [] };
  }
}
