/**
 * Key under which `JwtAuthGuard` (and `authenticateBearer`, `authenticateRequest`) records in
 * `context.state` when the token that let the call in expires, in milliseconds since the epoch:
 * its `exp`, plus `clockTolerance` when given in seconds. An `@Sse()` stream or `@Ws()` socket the
 * call opens ends then, since the guard runs only once, when it opens (`JwtModule.forRoot({
 * endStreamsAtExpiry: false })` records nothing).
 *
 * @example
 * context.state.get(CREDENTIAL_EXPIRES_AT); // 1767225600000, or undefined on a public route
 */
export const CREDENTIAL_EXPIRES_AT: unique symbol = Symbol('framework.credentialExpiresAt');
