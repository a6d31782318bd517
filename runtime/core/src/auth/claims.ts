import type { ExecutionContext } from '../contract/execution-context.js';
import type { JwtClaims } from './jwt-options.js';

/**
 * Key under which `JwtAuthGuard` stores the verified claims in `context.state`; a custom guard
 * that authenticates differently can store its claims there too, so `claimsOf` keeps working.
 *
 * @example
 * context.state.set(JWT_CLAIMS, { sub: session.userId });
 */
export const JWT_CLAIMS: unique symbol = Symbol('JWT_CLAIMS');

/**
 * The verified token claims of the current call, as stored by `JwtAuthGuard`; `undefined` on
 * public routes called without a token.
 *
 * @example
 * @Get('/me') me(@Ctx() context: ExecutionContext) {
 *   return { userId: claimsOf(context)?.sub };
 * }
 */
export function claimsOf<T extends JwtClaims = JwtClaims>(context: ExecutionContext): T | undefined {
  return context.state.get(JWT_CLAIMS) as T | undefined;
}
