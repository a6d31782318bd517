import { DEFAULT_TRUSTED_PROXIES, TrustedProxies } from '../../network/trusted-proxies.js';
import { CookieSigner } from './cookie-signer.js';

/**
 * The application option `cookies`: the secrets signed cookies are signed and verified with, and
 * which peers may say (`X-Forwarded-Proto: https`) that a request arrived over TLS.
 *
 * @example
 * new FrameworkApplication(tables, { cookies: { secrets: [process.env.COOKIE_SECRET!] } });
 */
export interface CookieOptions {
  /**
   * Secrets of `@Cookie(name, { signed: true })` and `context.setSignedCookie`, each at least 32
   * bytes: the first signs, every one verifies (rotation: put the new one first).
   */
  readonly secrets?: readonly string[];
  /**
   * Proxies (addresses or CIDR ranges) whose `X-Forwarded-Proto: https` makes a cookie `Secure`
   * (default: loopback only, as `trustProxy`); `false` believes no proxy.
   */
  readonly trustProxy?: boolean | readonly string[];
}

/** What the calls of every route share about cookies, resolved once at construction. */
export interface CookieSettings {
  /** Absent without `secrets`: a signed read or write then fails with a message naming the option. */
  readonly signer?: CookieSigner;
  /** Peers whose `X-Forwarded-Proto` is believed; absent when none is. */
  readonly proxies?: TrustedProxies;
}

/**
 * The cookie settings of the application's options; a TypeError for secrets too short, at
 * construction rather than on the first signed cookie.
 *
 * @example
 * resolveCookieSettings({ secrets: ['0123456789abcdef0123456789abcdef'] }).signer; // a CookieSigner
 */
export function resolveCookieSettings(options: CookieOptions | undefined): CookieSettings {
  const trust = options?.trustProxy ?? true;
  return {
    ...(options?.secrets !== undefined ? { signer: new CookieSigner(options.secrets) } : {}),
    ...(trust === false ? {} : { proxies: new TrustedProxies(trust === true ? DEFAULT_TRUSTED_PROXIES : trust, 'cookies.trustProxy') }),
  };
}
