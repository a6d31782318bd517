/**
 * Options of `context.setCookie` and `context.clearCookie`. Unset ones take safe defaults:
 * `httpOnly: true` (scripts cannot read it), `sameSite: 'lax'` (not sent on cross-site POSTs),
 * `path: '/'`, and `secure` whenever the request arrived over TLS (or through a trusted proxy that
 * says so with `X-Forwarded-Proto: https`).
 */
export interface SetCookieOptions {
  /** Seconds until it expires; without it (nor `expires`) it lasts for the browser session. */
  readonly maxAge?: number;
  readonly expires?: Date;
  readonly domain?: string;
  /** Default `/`. */
  readonly path?: string;
  /** Default `true`; `false` lets the page's scripts read it (`document.cookie`). */
  readonly httpOnly?: boolean;
  /** Default: `true` over TLS, else `false`. `sameSite: 'none'` is always `Secure` (browsers refuse it otherwise). */
  readonly secure?: boolean;
  /** Default `'lax'`. */
  readonly sameSite?: 'lax' | 'strict' | 'none';
  readonly partitioned?: boolean;
  readonly priority?: 'low' | 'medium' | 'high';
}
