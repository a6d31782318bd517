import { JwtService, ThrottlerConfig, ThrottlerGuard, authenticateRequest, isPublicRoute, type ExecutionContext } from '@framework/core';

/**
 * The example's global guard (spec Limits 7): throttles first — so public routes such as the
 * login stay throttled — then requires a valid token on every route not marked `@Public()`: the
 * bearer token (HTTP authorization header, gRPC authorization metadata) or, from a browser, the
 * session cookie (unsafe methods only from the app's own origin or one of CORS_ORIGINS).
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
    return isPublicRoute(context) || authenticateRequest(this.jwt, context);
  }
}
