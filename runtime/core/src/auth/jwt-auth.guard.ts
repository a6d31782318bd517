import type { AuthGuard } from '../chain/contracts.js';
import type { ExecutionContext } from '../contract/execution-context.js';
import { JWT_CLAIMS } from './claims.js';
import { CREDENTIAL_EXPIRES_AT } from './credential-expiry.js';
import { bearerTokenOf } from './credentials.js';
import type { JwtClaims } from './jwt-options.js';
import { JwtService } from './jwt.service.js';
import { isPublicRoute } from './public.js';

/**
 * Lets a call through when it is `@Public()` or carries `authorization: Bearer <token>` (HTTP
 * header, or gRPC metadata) with a token `JwtService` verifies, or, with
 * `JwtModule.forRoot({ cookie: 'session' })` and no such header, the session cookie's token (an
 * unsafe method from another origin is then refused 403: see `SessionCookie.assertSameOrigin`). The verified claims are stored in
 * `context.state` for the handler (`claimsOf(context)`). Every refusal is a plain `false` (403):
 * a missing header, another scheme, an empty or invalid token never throws.
 *
 * Register it globally and mark open routes `@Public()`:
 *
 * @example
 * @Module({
 *   imports: [JwtModule.forRoot({ secret: jwtSecretFromEnv() })],
 *   injectables: [{ token: GLOBAL_GUARD, useClass: JwtAuthGuard }],
 * })
 * export class AppModule {}
 *
 * Subclass it to check roles or permissions with injected services (spec Authentication 7):
 *
 * @example
 * export const Roles = (...roles: string[]) => SetMetadata('roles', roles);
 *
 * export class RolesGuard extends JwtAuthGuard {
 *   constructor(jwt: JwtService, private readonly users: UserService) {
 *     super(jwt);
 *   }
 *   // Runs only after the token verified; public routes never get here.
 *   protected override async authorize(claims: JwtClaims, context: ExecutionContext): Promise<boolean> {
 *     const roles = MetadataHelper.getMetadata<string[]>('roles', context.getHandler());
 *     if (!roles) return true;
 *     const user = await this.users.findById(claims.sub);
 *     return user !== undefined && roles.some((role) => user.roles.includes(role));
 *   }
 * }
 *
 * Stack it with the throttler (spec Limits 7): the throttler subclass counts first, so public
 * routes stay throttled, then authenticates with the same helpers this guard uses:
 *
 * @example
 * export class ThrottledAuthGuard extends ThrottlerGuard {
 *   constructor(config: ThrottlerConfig, private readonly jwt: JwtService) {
 *     super(config);
 *   }
 *   override async canActivate(context: ExecutionContext): Promise<boolean> {
 *     await super.canActivate(context); // throws ThrottlerException (429) over the limit
 *     return isPublicRoute(context) || authenticateBearer(this.jwt, context);
 *   }
 * }
 */
export class JwtAuthGuard implements AuthGuard {
  constructor(protected readonly jwt: JwtService) {}

  /** Synchronous for public routes and missing tokens, so those cost no promise. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (this.isPublic(context)) return true;
    const token = this.extractToken(context) ?? sessionTokenOf(this.jwt, context);
    if (token === undefined) return false;
    return this.verifyToken(token, context);
  }

  /** Whether the route is `@Public()` (handler first, then controller). Override to open routes by other rules. */
  protected isPublic(context: ExecutionContext): boolean {
    return isPublicRoute(context);
  }

  /**
   * The bearer token of the call, or `undefined` (the session cookie is read after it, when
   * configured). Override to read it elsewhere (another header).
   */
  protected extractToken(context: ExecutionContext): string | undefined {
    return bearerTokenOf(context);
  }

  /** Called with the verified claims; return false to refuse (403). Override to check roles or permissions. */
  protected authorize(_claims: JwtClaims, _context: ExecutionContext): boolean | Promise<boolean> {
    return true;
  }

  private async verifyToken(token: string, context: ExecutionContext): Promise<boolean> {
    const claims = await this.jwt.verify(token);
    if (claims === null) return false;
    keepClaims(this.jwt, context, claims);
    return this.authorize(claims, context);
  }
}

/**
 * Verifies the call's bearer token with `jwt` and stores its claims for `claimsOf(context)`:
 * the authentication step of `JwtAuthGuard`, for guards that cannot extend it (such as a
 * `ThrottlerGuard` subclass). Resolves false on a missing or invalid token.
 *
 * @example
 * return isPublicRoute(context) || authenticateBearer(this.jwt, context);
 */
export async function authenticateBearer(jwt: JwtService, context: ExecutionContext): Promise<boolean> {
  const token = bearerTokenOf(context);
  if (token === undefined) return false;
  const claims = await jwt.verify(token);
  if (claims === null) return false;
  keepClaims(jwt, context, claims);
  return true;
}

/**
 * Verifies the call's bearer token or, without one, its session cookie (`JwtModule.forRoot({ cookie })`,
 * refused 403 for an unsafe method from another origin), and stores the claims for
 * `claimsOf(context)`: what `JwtAuthGuard` does, for guards that cannot extend it. Resolves false
 * on a missing or invalid token.
 *
 * @example
 * return isPublicRoute(context) || authenticateRequest(this.jwt, context);
 */
export async function authenticateRequest(jwt: JwtService, context: ExecutionContext): Promise<boolean> {
  const token = bearerTokenOf(context) ?? sessionTokenOf(jwt, context);
  if (token === undefined) return false;
  const claims = await jwt.verify(token);
  if (claims === null) return false;
  keepClaims(jwt, context, claims);
  return true;
}

/**
 * Stores the verified claims for `claimsOf(context)`, and when the token expires: a stream the call
 * opens ends then (the guard does not run again while it is open).
 */
function keepClaims(jwt: JwtService, context: ExecutionContext, claims: JwtClaims): void {
  context.state.set(JWT_CLAIMS, claims);
  const deadline = jwt.streamDeadline(claims);
  if (deadline !== undefined) context.state.set(CREDENTIAL_EXPIRES_AT, deadline);
}

/** The session cookie's token once the call passed the same-origin check (which throws 403 otherwise). */
function sessionTokenOf(jwt: JwtService, context: ExecutionContext): string | undefined {
  const session = jwt.sessionCookie;
  const token = session?.tokenOf(context);
  if (token !== undefined) session!.assertSameOrigin(context);
  return token;
}
