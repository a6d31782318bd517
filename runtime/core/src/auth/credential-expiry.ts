/**
 * Key under which a guard records in `context.state` when the credential that let the call in
 * expires, in milliseconds since the epoch: an `@Sse()` stream or `@Ws()` socket the call opens
 * ends then (an event stream with a last 401 `exception` event, a socket with 1008), since guards
 * run only once, when it opens. `JwtAuthGuard` (and `authenticateBearer`, `authenticateRequest`)
 * records its token's `exp` (plus `clockTolerance` when given in seconds) unless
 * `JwtModule.forRoot({ endStreamsAtExpiry: false })`; a guard of your own can record its
 * credential's expiry the same way.
 *
 * @example
 * canActivate(context: ExecutionContext): boolean {
 *   const session = this.sessions.find(context.req?.header('x-session'));
 *   if (!session) return false;
 *   context.state.set(CREDENTIAL_EXPIRES_AT, session.expiresAt.getTime());
 *   return true;
 * }
 */
export const CREDENTIAL_EXPIRES_AT: unique symbol = Symbol('framework.credentialExpiresAt');
