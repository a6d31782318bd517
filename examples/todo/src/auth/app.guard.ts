import { JwtService, ThrottlerConfig, ThrottlerGuard, authenticateBearer, isPublicRoute, type ExecutionContext } from '@framework/core';

/**
 * The example's global guard (spec Limits 7): throttles first — so public routes such as the
 * login stay throttled — then requires a valid bearer token on every route not marked `@Public()`.
 * Works for HTTP (authorization header) and gRPC (authorization metadata) alike.
 */
export class AppGuard extends ThrottlerGuard {
  constructor(
    config: ThrottlerConfig,
    private readonly jwt: JwtService,
  ) {
    super(config);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context); // throws ThrottlerException (429) over the limit
    return isPublicRoute(context) || authenticateBearer(this.jwt, context);
  }
}
