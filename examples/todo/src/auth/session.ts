/** The name of the example's session cookie (read by the guard, set by `POST /auth/session`). */
export const SESSION_COOKIE = 'session';
