import { serialize } from 'cookie';
import type { SetCookieOptions } from '../../contract/set-cookie-options.js';

export type { SetCookieOptions };

/**
 * One `Set-Cookie` line, serialised by the `cookie` package with the safe defaults filled in. The
 * value is percent-encoded; a name or an attribute `cookie` refuses (a `;` in a path) is its TypeError.
 *
 * @example
 * setCookieLine('theme', 'dark', {}, false); // 'theme=dark; Path=/; HttpOnly; SameSite=Lax'
 * setCookieLine('sid', 'x', { maxAge: 3600 }, true); // 'sid=x; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax'
 */
export function setCookieLine(name: string, value: string, options: SetCookieOptions | undefined, overTls: boolean): string {
  const sameSite = options?.sameSite ?? 'lax';
  const prefixed = prefixedName(name, options);
  const line = serialize(name, value, {
    ...(options?.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
    ...(options?.expires !== undefined ? { expires: options.expires } : {}),
    ...(options?.domain !== undefined ? { domain: options.domain } : {}),
    path: options?.path ?? '/',
    httpOnly: options?.httpOnly ?? true,
    secure: prefixed || sameSite === 'none' || (options?.secure ?? overTls),
    sameSite,
    ...(options?.partitioned !== undefined ? { partitioned: options.partitioned } : {}),
    ...(options?.priority !== undefined ? { priority: options.priority } : {}),
  });
  // Browsers drop a cookie whose name and (encoded) value pass 4096 bytes without a word (RFC 6265
  // §6.1's minimum, Chromium's limit): the login would seem to work and the session be gone.
  const end = line.indexOf(';');
  const pairBytes = (end < 0 ? line.length : end) - 1;
  if (pairBytes > MAX_COOKIE_PAIR_BYTES) {
    throw new TypeError(`Cookie ${name}: its name and encoded value are ${pairBytes} bytes, and browsers drop a cookie over ${MAX_COOKIE_PAIR_BYTES}; keep an id in it, not the data.`);
  }
  return line;
}

/** The longest name and value a browser keeps, together. */
const MAX_COOKIE_PAIR_BYTES = 4096;

/**
 * The `Set-Cookie` line that removes a cookie: empty, expired in 1970 and `Max-Age=0`. The browser
 * removes it only for the same `path` and `domain` it was set with, so give those when they were not the defaults.
 *
 * @example
 * clearCookieLine('sid', {}, false); // 'sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax'
 */
export function clearCookieLine(name: string, options: Omit<SetCookieOptions, 'maxAge' | 'expires'> | undefined, overTls: boolean): string {
  return setCookieLine(name, '', { ...options, maxAge: 0, expires: new Date(0) }, overTls);
}

/**
 * Whether `name` carries a `__Secure-` or `__Host-` prefix (browsers match them in any case), which
 * a browser accepts only with `Secure` (and for `__Host-`, `Path=/` and no `Domain`): such a cookie
 * is always written `Secure`, even over plain HTTP (browsers keep Secure cookies of `localhost`),
 * else the browser would drop it without a word. Options that contradict the prefix are a
 * TypeError naming the fix, as a name `cookie` refuses is.
 */
function prefixedName(name: string, options: SetCookieOptions | undefined): boolean {
  if (name.charCodeAt(0) !== 95 /* _ */) return false;
  const host = /^__host-/i.test(name);
  if (!host && !/^__secure-/i.test(name)) return false;
  if (options?.secure === false) throw new TypeError(`Cookie ${name}: a __Secure- or __Host- cookie must be Secure (browsers drop it otherwise); remove secure: false.`);
  if (host && (options?.domain !== undefined || (options?.path ?? '/') !== '/')) {
    throw new TypeError(`Cookie ${name}: a __Host- cookie has Path=/ and no Domain (browsers drop it otherwise); remove the domain and path options, or drop the prefix.`);
  }
  return true;
}
