/** The name of the example's session cookie (read by the guard, set by `POST /auth/session`). */
export const SESSION_COOKIE = 'session';

/**
 * The `Set-Cookie` line of a session: `HttpOnly` (no script reads it), `SameSite=Lax` (not sent
 * with another site's POST), `Path=/`, as long as the token lives; `Secure` over TLS.
 *
 * @example
 * sessionCookie(token, 3600, false); // 'session=eyJ…; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax'
 */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The `Set-Cookie` line that clears the session: the same attributes, an empty value, `Max-Age=0`.
 *
 * @example
 * clearedSessionCookie(false); // 'session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax'
 */
export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}
