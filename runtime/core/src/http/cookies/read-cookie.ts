import { parse } from 'cookie';
import { HttpException } from '../../exceptions/http-exception.js';
import type { CookieSigner } from './cookie-signer.js';

/**
 * The longest `Cookie` header read (browsers send at most about 4 KiB per cookie and Node refuses
 * headers over 16 KiB in all): a longer one is a 431, on every host, before it is parsed.
 */
export const MAX_COOKIE_HEADER = 16 * 1024;

/** What a cookie is read from: the call, which reads its request's headers and keeps the parsed record. */
export interface CookieSource {
  header(name: string): string | undefined;
  parsedCookies?: Readonly<Record<string, string | undefined>>;
  /** The application's signer (`cookies.secrets`), for signed reads. */
  readonly cookieSigner?: CookieSigner;
}

const none: Readonly<Record<string, string | undefined>> = Object.freeze(Object.create(null) as Record<string, string | undefined>);

/**
 * The request's cookies, parsed by the `cookie` package (RFC 6265) once per call and kept on it.
 * A value is percent-decoded when it decodes, else kept as sent; of a name sent twice the first
 * counts (the most specific path, as browsers order them); a pair without `=` is skipped.
 *
 * @example
 * cookiesOf(call).session; // 'abc' for `Cookie: session=abc; theme=dark`
 */
export function cookiesOf(source: CookieSource): Readonly<Record<string, string | undefined>> {
  if (source.parsedCookies !== undefined) return source.parsedCookies;
  const header = source.header('cookie');
  if (header !== undefined && header.length > MAX_COOKIE_HEADER) {
    throw new HttpException(431, `The Cookie header is over ${MAX_COOKIE_HEADER} bytes; clear this site's cookies and retry.`);
  }
  return (source.parsedCookies = header ? parse(header) : none);
}

/**
 * The text of one cookie, `undefined` when the request has none of that name: what the generated
 * code converts for a `@Cookie(name)` parameter, as it converts a `@Query(name)` one.
 *
 * @example
 * asNumber(readCookie(a, 'page'), 'page', 'cookie', true);
 */
export function readCookie(source: CookieSource, name: string): string | undefined {
  return cookiesOf(source)[name];
}

/**
 * The value of a signed cookie (`@Cookie(name, { signed: true })`) when one of the application's
 * `cookies.secrets` signed it; `undefined` when it is absent, unsigned or forged (a bad signature
 * reads as absent, so a required one is a 400 "is required").
 *
 * @example
 * asString(await readSignedCookie(a, 'session'), 'session', 'cookie');
 */
export async function readSignedCookie(source: CookieSource, name: string): Promise<string | undefined> {
  const signer = source.cookieSigner;
  if (!signer) {
    throw new Error(`@Cookie('${name}', { signed: true }) needs the secrets to verify it with: pass \`cookies: { secrets: [...] }\` to new FrameworkApplication(tables, options).`);
  }
  const raw = readCookie(source, name);
  return raw === undefined ? undefined : signer.unsign(raw);
}
