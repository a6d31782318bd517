export { readCookie, readSignedCookie, cookiesOf, MAX_COOKIE_HEADER, type CookieSource } from './read-cookie.js';
export { CookieSigner } from './cookie-signer.js';
export { setCookieLine, clearCookieLine } from './set-cookie.js';
export type { CookieOptions } from './cookie-options.js';
